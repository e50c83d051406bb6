// Validation on blur (docs/product.md#validation-rules), except when the focus leaves for a link: someone heading to
// "¿Olvidaste tu contraseña?" or the terms must not see an error pop up and move the link away
// from under the pointer.
import type { UseFormRegisterReturn } from 'react-hook-form';

export function blurUnlessLeaving<T extends UseFormRegisterReturn>(registration: T): T {
  return {
    ...registration,
    onBlur: async (event: { target: unknown; type?: unknown; relatedTarget?: EventTarget | null }) => {
      const next = event.relatedTarget;
      if (next instanceof Element && next.closest('a[href]')) return;
      return registration.onBlur(event);
    },
  };
}
