// One request per confirmation: a button's `loading` (disabled while its mutation is pending) comes
// with the next render, and a fast double click's second click can arrive before it, sending the
// request twice (a second "Anular donación" answered 409). The action wrapped here ignores a call
// while its previous call is still running; the flag is a ref, set at once, not state.
import { useRef } from 'react';

export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await action(...args);
    } finally {
      running.current = false;
    }
  };
}
