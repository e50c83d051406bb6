// Keeps keyboard focus inside an open dialog or drawer, closes it on Escape, and gives focus back
// to the element that opened it. A layout effect: focus moves in the same commit that opens or
// closes the dialog, so there is no frame in which it rests on the page's body (Preact runs plain
// effects a frame later).
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true');
}

export interface FocusTrapOptions {
  onEscape?: () => void;
  /** Element to focus first; else the first focusable element, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function useFocusTrap(containerRef: RefObject<HTMLElement | null>, active: boolean, { onEscape, initialFocus }: FocusTrapOptions = {}) {
  const escapeRef = useRef(onEscape);
  useEffect(() => {
    escapeRef.current = onEscape;
  }, [onEscape]);

  useLayoutEffect(() => {
    if (!active) return;
    const container = containerRef.current;
    if (!container) return;
    // Opened by the page itself (a result arriving), focus was on the body: it is no opener to go back to.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const openerAncestors: HTMLElement[] = [];
    for (let el = opener?.parentElement ?? null; el && el !== document.body; el = el.parentElement) openerAncestors.push(el);

    const first = initialFocus?.current ?? focusableWithin(container)[0] ?? container;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (escapeRef.current) {
          event.stopPropagation();
          escapeRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(container);
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === firstItem || !container.contains(current))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (current === lastItem || !container.contains(current))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const restore = () => {
        if (opener && document.contains(opener)) opener.focus();
        else restoreNear(openerAncestors);
      };
      restore();
      // The commit that closes the dialog may go on to remove the opener (a row that leaves the list
      // as it closes): once it is done, focus must still be on the page, not on its body.
      queueMicrotask(() => {
        if (!document.activeElement || document.activeElement === document.body) restore();
      });
    };
  }, [active, containerRef, initialFocus]);
}

/**
 * The opener is gone (e.g. the approve button of a row that is no longer pending): focus the first
 * focusable element of its nearest ancestor still on the page, so keyboard users carry on from
 * there instead of from the top of the document. The main landmark (tabindex -1) is the last resort.
 */
function restoreNear(ancestors: HTMLElement[]) {
  for (const el of ancestors) {
    if (!document.contains(el)) continue;
    const next = el.tagName === 'MAIN' ? el : focusableWithin(el)[0];
    if (next) {
      next.focus();
      return;
    }
  }
  document.querySelector<HTMLElement>('main')?.focus();
}

/** Stops the page behind an open dialog from scrolling. */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [active]);
}
