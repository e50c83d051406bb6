// An accessible dialog: rendered in a portal, focus kept inside while open, Escape and the
// backdrop close it, focus goes back to the opener, the page behind does not scroll.
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { cn } from '@/lib/cn';
import { useFocusTrap, useScrollLock } from '@/lib/use-focus-trap';

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned on wide screens, stacked on phones). */
  footer?: ReactNode;
  size?: keyof typeof widths;
  /** Element focused on open; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Set false while a request runs so Escape and the backdrop cannot close it. */
  dismissible?: boolean;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

export function Modal({ open, onClose, title, description, children, footer, size = 'md', initialFocus, dismissible = true, role = 'dialog', className }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrap(panelRef, open, { onEscape: dismissible ? onClose : () => {}, initialFocus });
  useScrollLock(open);
  if (!open) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-6">
      <div className="absolute inset-0 animate-fade-in bg-ink-900/50" aria-hidden="true" onClick={dismissible ? onClose : undefined} />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[92dvh] w-full animate-rise-in flex-col rounded-t-3xl bg-white shadow-2xl outline-none sm:rounded-3xl',
          widths[size],
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 px-6 pt-6">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-ink-600">
                {description}
              </p>
            )}
          </div>
          {dismissible && (
            <button
              type="button"
              onClick={onClose}
              aria-label={shellMessages.close}
              className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-500 hover:bg-sand-100 hover:text-ink-800"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          )}
        </div>
        {children && <div className="overflow-y-auto px-6 pt-4 pb-2">{children}</div>}
        {footer && <div className="flex flex-col-reverse gap-3 px-6 pt-4 pb-6 sm:flex-row sm:justify-end">{footer}</div>}
        {!footer && <div className="pb-4" />}
      </div>
    </div>,
    document.body,
  );
}
