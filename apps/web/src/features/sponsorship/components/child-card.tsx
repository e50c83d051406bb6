// A child as the public sees them (docs/product.md#sponsorship): first name, age, department,
// programme, the approved story and the consented illustration or photo. Nothing else is ever sent.
import { useEffect } from 'react';
import type { PublicChild } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import { cn } from '@/lib/cn';

/** Children's pages are never indexed: a robots meta while the page is open (the API sends X-Robots-Tag too). */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow, noimageindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

export function ChildPhoto({ child, src, className }: { child: Pick<PublicChild, 'firstName'>; src: string | null | undefined; className?: string }) {
  if (!src) {
    return (
      <div className={cn('flex aspect-square items-center justify-center rounded-lg bg-sand-100 text-ink-600', className)} role="img" aria-label={t.noPhoto}>
        {t.noPhoto}
      </div>
    );
  }
  return <img src={src} alt={t.photoAlt(child.firstName)} className={cn('aspect-square w-full rounded-lg object-cover', className)} loading="lazy" referrerPolicy="no-referrer" />;
}

export function ChildFacts({ child }: { child: PublicChild }) {
  return (
    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      <dt className="text-ink-600">{t.age}</dt>
      <dd className="font-semibold text-ink-900">{t.years(child.age)}</dd>
      <dt className="text-ink-600">{t.department}</dt>
      <dd className="font-semibold text-ink-900">{child.department}</dd>
      {child.programName && (
        <>
          <dt className="text-ink-600">{t.program}</dt>
          <dd className="font-semibold text-ink-900">{child.programName}</dd>
        </>
      )}
    </dl>
  );
}
