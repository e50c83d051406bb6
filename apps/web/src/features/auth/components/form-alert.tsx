// The red alert of the account forms: the server's detail, or the form's fallback text.
import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div id={id} role="alert" className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm font-medium text-red-800">
      <CircleAlert aria-hidden="true" className="mt-px size-4.5 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
