// A text someone typed (a refund reason, a provider's decline message) closed as a sentence inside
// ours: one full stop, never two, whether or not the text brought its own.

/** `text` trimmed, with a full stop added only when it does not already end in . ! ? or … */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]["»”')]*$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
