// Form fields with their label, an optional hint and the error tied to the control with
// aria-describedby (the error is role="alert"). They pass `ref` and every input prop through,
// so they work with react-hook-form's `register`. A text area with a maximum says when it is full.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { validationMessages } from '@donaciones/shared/messages/validation';
import { cn } from '@/lib/cn';

const control =
  'block w-full rounded-xl border bg-white px-3.5 text-[0.95rem] text-ink-900 shadow-xs transition-colors placeholder:text-ink-400 focus:outline-2 focus:outline-offset-0 disabled:cursor-not-allowed disabled:bg-sand-100 disabled:text-ink-500 read-only:bg-sand-50';
const okBorder = 'border-sand-300 hover:border-ink-400 focus:border-brand-600 focus:outline-brand-500/40';
const badBorder = 'border-red-600 focus:border-red-600 focus:outline-red-500/30';

export interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Id of the control; generated when not given. */
  id?: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  optional?: boolean;
  className?: string;
  /** Renders the control with the ids to wire (id, aria-describedby, aria-invalid). */
  children: (ids: FieldIds) => ReactNode;
}

/** Label + control + hint + error. Use directly for custom controls; the inputs below use it. */
export function FormField({ label, id, error, hint, required, optional, className, children }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}*
          </span>
        )}
        {optional && <span className="font-normal text-ink-500"> {shellMessages.optional}</span>}
      </label>
      {children({ inputId, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface CommonProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** Class of the wrapper. */
  className?: string;
  /** Class of the control itself. */
  inputClassName?: string;
}

export interface TextInputProps extends CommonProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'prefix'> {
  /** Text or icon inside the left edge (e.g. 'Q'). */
  prefix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** Room for the prefix: one symbol or icon (`Q`), or a longer text such as `US$`. */
function prefixPadding(prefix: ReactNode): string | undefined {
  if (!prefix) return undefined;
  return typeof prefix === 'string' && prefix.length > 1 ? 'pl-14' : 'pl-9';
}

export function TextInput({ label, error, hint, optional, className, inputClassName, prefix, id, required, ref, ...rest }: TextInputProps) {
  return (
    <FormField label={label} id={id} error={error} hint={hint} required={required} optional={optional} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className="relative">
          {prefix && <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3.5 font-semibold text-ink-500">{prefix}</span>}
          <input
            ref={ref}
            id={inputId}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={cn(control, 'h-11', invalid ? badBorder : okBorder, prefixPadding(prefix), inputClassName)}
            {...rest}
          />
        </div>
      )}
    </FormField>
  );
}

export interface TextAreaProps extends CommonProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A text area; with `maxLength`, once it holds its maximum the hint says so
 * (validationMessages.textAtMax), since the browser drops what is typed or pasted beyond it without a
 * word. The length is the `value`'s when the field is controlled, else what the element holds: read
 * on each keystroke and, after every render, once the given ref has run. react-hook-form writes a
 * value through its ref with no change event, both register's defaultValues on mount and the values
 * of `reset(values)` (which forgets its fields, so the next render registers them again), so a value
 * loaded at the maximum, or a saved one reset while the field stays on screen, says so at once.
 */
export function TextArea({ label, error, hint, optional, className, inputClassName, id, required, ref, rows = 4, maxLength, onChange, ...rest }: TextAreaProps) {
  const [typed, setTyped] = useState(() => String(rest.defaultValue ?? '').length);
  const length = rest.value === undefined ? typed : String(rest.value).length;
  const atMax = maxLength !== undefined && length >= maxLength;
  return (
    <FormField label={label} id={id} error={error} hint={atMax ? validationMessages.textAtMax(maxLength) : hint} required={required} optional={optional} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <textarea
          ref={(node) => {
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
            if (node) setTyped(node.value.length);
          }}
          id={inputId}
          rows={rows}
          required={required}
          maxLength={maxLength}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(control, 'py-2.5', invalid ? badBorder : okBorder, inputClassName)}
          onChange={(e) => {
            setTyped(e.currentTarget.value.length);
            onChange?.(e);
          }}
          {...rest}
        />
      )}
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends CommonProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  options: readonly SelectOption[];
  /** A first, empty option (e.g. 'Todos los estados'). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ label, error, hint, optional, className, inputClassName, options, placeholder, id, required, ref, ...rest }: SelectProps) {
  return (
    <FormField label={label} id={id} error={error} hint={hint} required={required} optional={optional} className={className}>
      {({ inputId, describedBy, invalid }) => (
        <div className="relative">
          <select
            ref={ref}
            id={inputId}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={cn(control, 'h-11 appearance-none pr-10', invalid ? badBorder : okBorder, inputClassName)}
            {...rest}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-500" />
        </div>
      )}
    </FormField>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, hint, className, id, ref, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // With an error the red outline stays; focus turns it to the brand colour, so focus stays visible.
          className={cn('mt-0.5 size-5 shrink-0 rounded-md accent-brand-700', error && 'outline-2 outline-red-600 focus-visible:outline-brand-500')}
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-ink-800">
          {label}
        </label>
      </div>
      {hint && (
        <p id={hintId} className="pl-8 text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="pl-8 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
