// A password field with a show/hide toggle; label, hint and error come from the shared FormField.
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { authMessages } from '@donaciones/shared/messages/auth';
import { FormField } from '@/components/form-fields';
import { cn } from '@/lib/cn';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function PasswordInput({ label, error, hint, className, id, required, ref, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const ui = authMessages.ui;
  return (
    <FormField label={label} id={id} error={error} hint={hint} required={required} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className="relative">
          <input
            ref={ref}
            id={inputId}
            type={visible ? 'text' : 'password'}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className={cn(
              'block h-11 w-full rounded-xl border bg-white pr-12 pl-3.5 text-[0.95rem] text-ink-900 shadow-xs transition-colors placeholder:text-ink-400 focus:outline-2 focus:outline-offset-0',
              invalid ? 'border-red-600 focus:border-red-600 focus:outline-red-500/30' : 'border-sand-300 hover:border-ink-400 focus:border-brand-600 focus:outline-brand-500/40',
            )}
            {...rest}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? ui.hidePassword : ui.showPassword}
            aria-pressed={visible}
            aria-controls={inputId}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-ink-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-brand-500"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        </div>
      )}
    </FormField>
  );
}
