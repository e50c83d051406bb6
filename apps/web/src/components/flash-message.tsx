// The success and error lines of the settings forms. A success message disappears after 3 s
// (docs/product.md#limits-and-constants).
import { useCallback, useEffect, useRef, useState } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';

export const FLASH_MS = 3000;

/** A message that clears itself after `ms`; showing a new one restarts the clock. */
export function useFlash(ms = FLASH_MS): [string | null, (message: string) => void, () => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setMessage(null);
  }, []);
  const show = useCallback(
    (next: string) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        setMessage(null);
      }, ms);
    },
    [ms],
  );
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return [message, show, clear];
}

export function SuccessMessage({ message }: { message: string | null }) {
  return (
    <div role="status" aria-live="polite" className="min-h-0">
      {message && (
        <p className="flex animate-rise-in items-center gap-2 rounded-xl bg-green-50 px-4 py-3 text-sm font-semibold text-green-800 ring-1 ring-green-600/20">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          {message}
        </p>
      )}
    </div>
  );
}

export function ErrorMessage({ message, detail }: { message: string | null; detail?: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-600/20">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{message}</p>
        {detail && detail !== message && <p className="mt-0.5">{detail}</p>}
      </div>
    </div>
  );
}
