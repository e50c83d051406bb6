import { shellMessages } from '@donaciones/shared/messages/shell';

/** First focusable element of every layout: jumps over the navigation to <main id="contenido">. */
export function SkipLink() {
  return (
    <a
      href="#contenido"
      className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {shellMessages.skipToContent}
    </a>
  );
}
