import { Construction } from 'lucide-react';
import { appMessages } from '@donaciones/shared/messages/shell';

/** The plain panel of a screen that its owner has not built yet. */
export function UnderConstruction({ title }: { title?: string }) {
  return (
    <div className="mx-4 my-12 flex max-w-xl flex-col sm:mx-auto items-center gap-3 rounded-card border border-dashed border-sand-300 bg-white/70 px-6 py-12 text-center">
      <Construction aria-hidden="true" className="size-10 text-accent-600" />
      {title && <h1 className="text-2xl font-semibold">{title}</h1>}
      <p className="text-ink-600">{appMessages.underConstruction}</p>
    </div>
  );
}
