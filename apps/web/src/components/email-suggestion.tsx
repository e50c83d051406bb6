// Under an email field: the address it probably is when its domain is one or two slips away from a
// common provider's ("¿Quisiste decir ana@gmail.com?"), with a button that puts it in the field.
// Nothing is refused; the person decides (decision 0077).
import type { ReactNode } from 'react';
import { suggestEmail } from '@donaciones/shared/email-typo';

/** The field's hint while `email` looks mistyped; null otherwise. `text` says why the address matters there. */
export function emailSuggestionHint(email: string, words: { text: (email: string) => string; use: (email: string) => string }, onUse: (email: string) => void): ReactNode {
  const suggestion = suggestEmail(email);
  if (!suggestion) return null;
  return (
    <span data-testid="email-suggestion" className="text-sm text-ink-700">
      {words.text(suggestion)}{' '}
      <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onUse(suggestion)}>
        {words.use(suggestion)}
      </button>
    </span>
  );
}
