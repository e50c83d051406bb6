// Validation on blur (docs/product.md#validation-rules), except when the focus leaves for a link: someone heading to
// "¿Olvidaste tu contraseña?" or the terms must not see an error pop up and move the link away
// from under the pointer. When the focus leaves because a pointer is pressed on another control (the terms
// box, the submit button), the check waits until that press is released: an error shown at the press would
// move the control down before the release, and the click would be lost.
import type { UseFormRegisterReturn } from 'react-hook-form';

let pointerDown = false;
let releaseWaiters: (() => void)[] = [];
let listening = false;

function listenToPointer() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  const release = () => {
    pointerDown = false;
    const waiting = releaseWaiters;
    releaseWaiters = [];
    // After the click this release completes (dispatched in the same task), not before it.
    if (waiting.length > 0) setTimeout(() => waiting.forEach((run) => run()), 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

/** Resolves once the pointer pressed now is released (at once when none is pressed). */
function afterPointerRelease(): Promise<void> {
  if (!pointerDown) return Promise.resolve();
  return new Promise((resolve) => releaseWaiters.push(resolve));
}

export function blurUnlessLeaving<T extends UseFormRegisterReturn>(registration: T): T {
  listenToPointer();
  return {
    ...registration,
    onBlur: async (event: { target: unknown; type?: unknown; relatedTarget?: EventTarget | null }) => {
      const next = event.relatedTarget;
      if (next instanceof Element && next.closest('a[href]')) return;
      await afterPointerRelease();
      return registration.onBlur(event);
    },
  };
}
