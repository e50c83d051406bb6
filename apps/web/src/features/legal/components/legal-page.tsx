// The frame of the legal pages: title, the note that the organisation must review the text, a
// table of contents and the numbered sections.
import { FileText, Info } from 'lucide-react';
import { homeMessages } from '@donaciones/shared/messages/home';
import { legalMessages } from '@donaciones/shared/messages/legal';
import { shellMessages } from '@donaciones/shared/messages/shell';
import type { PublicSite } from '@donaciones/shared/schemas/public-site';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { usePublicSite } from '@/lib/public-site';
import { useDocumentTitle } from '@/lib/use-document-title';

const l = legalMessages;

export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

export interface LegalPageProps {
  title: string;
  intro: (site: PublicSite) => string;
  sections: (site: PublicSite) => readonly LegalSection[];
}

export function LegalPage({ title, intro, sections }: LegalPageProps) {
  useDocumentTitle(title);
  const site = usePublicSite();
  const data = site.data;
  const list = data ? sections(data) : [];

  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <header>
        <p className="inline-flex items-center gap-2 text-sm font-bold tracking-wider text-accent-700 uppercase">
          <FileText aria-hidden="true" className="size-4" />
          {shellMessages.footerLegal}
        </p>
        <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{title}</h1>
        <p role="note" className="mt-6 flex items-start gap-3 rounded-2xl bg-accent-50 p-4 text-sm font-semibold text-accent-900 ring-1 ring-accent-200">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {l.reviewNote}
        </p>
      </header>

      {site.isError && !data ? (
        <ErrorState className="mt-10" message={homeMessages.loadError} onRetry={() => void site.refetch()} retrying={site.isFetching} />
      ) : !data ? (
        <div className="mt-10 space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-11/12" />
          <Skeleton className="h-5 w-4/5" />
        </div>
      ) : (
        <>
          <p className="mt-8 text-lg leading-relaxed text-ink-700">{intro(data)}</p>
          <nav aria-labelledby="legal-contents" className="mt-8 rounded-card border border-sand-200 bg-white p-5 sm:p-6">
            <h2 id="legal-contents" className="font-sans text-sm font-bold tracking-wide text-ink-600 uppercase">
              {l.contents}
            </h2>
            <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-[0.95rem] sm:grid-cols-2">
              {list.map((section, i) => (
                <li key={section.title}>
                  <a href={`#seccion-${i + 1}`} className="text-brand-700 underline-offset-4 hover:underline">
                    {i + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="mt-10 space-y-10">
            {list.map((section, i) => (
              <section key={section.title} id={`seccion-${i + 1}`} aria-labelledby={`seccion-${i + 1}-titulo`} className="scroll-mt-24">
                <h2 id={`seccion-${i + 1}-titulo`} className="text-2xl font-semibold">
                  <span className="mr-2 text-accent-600">{i + 1}.</span>
                  {section.title}
                </h2>
                <div className="mt-3 space-y-3 text-[1.02rem] leading-relaxed text-ink-700">
                  {section.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
              </section>
            ))}
          </div>
        </>
      )}
    </article>
  );
}
