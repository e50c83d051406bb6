// A letter's original text with each contact detail the detector found marked, and its kind named
// for screen readers, so a reviewer sees at once what to redact.
import { Fragment } from 'react';
import { LETTER_FLAG_LABELS, type LetterFlag } from '@donaciones/shared/letter-flags';

export function HighlightedLetter({ body, flags }: { body: string; flags: LetterFlag[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [i, flag] of [...flags].sort((a, b) => a.start - b.start).entries()) {
    if (flag.start < at) continue;
    parts.push(<Fragment key={`t${i}`}>{body.slice(at, flag.start)}</Fragment>);
    parts.push(
      <mark key={`f${i}`} className="rounded bg-amber-200 px-0.5 text-ink-900" title={LETTER_FLAG_LABELS[flag.kind]}>
        <span className="sr-only">{`${LETTER_FLAG_LABELS[flag.kind]}: `}</span>
        {body.slice(flag.start, flag.end)}
      </mark>,
    );
    at = flag.end;
  }
  parts.push(<Fragment key="end">{body.slice(at)}</Fragment>);
  return <p className="text-base leading-relaxed break-words whitespace-pre-wrap text-ink-800">{parts}</p>;
}
