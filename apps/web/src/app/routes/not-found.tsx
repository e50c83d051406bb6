// SPEC.md §2: the 404 page, 'Page Not Found' with Go Home and Go Back.
import { useNavigate } from 'react-router';
import { ArrowLeft, Home } from 'lucide-react';
import { messages } from '@donaciones/shared/messages';
import { Button, ButtonLink } from '@/components/button';
import { LogoMark } from '@/components/logo';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle(messages.notFound.title);
  return (
    <main id="contenido" className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-sand-50 to-brand-50 px-4 py-12">
      <div className="w-full max-w-lg text-center">
        <LogoMark className="mx-auto size-14" />
        <NotFoundIllustration />
        <p className="text-sm font-bold tracking-widest text-accent-700 uppercase">{messages.shell.notFoundCode}</p>
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{messages.notFound.title}</h1>
        <p className="mx-auto mt-3 max-w-md text-ink-600">{messages.notFound.body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.home} icon={<Home aria-hidden="true" className="size-4" />}>
            {messages.notFound.goHome}
          </ButtonLink>
          <Button variant="outline" onClick={() => navigate(-1)} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            {messages.notFound.goBack}
          </Button>
        </div>
      </div>
    </main>
  );
}

function NotFoundIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 150" className="mx-auto my-6 w-full max-w-xs">
      <ellipse cx="160" cy="132" rx="120" ry="10" fill="#e9e0d2" />
      <path d="M40 128 C 90 60, 230 60, 280 128" fill="none" stroke="#acdcd8" strokeWidth="6" strokeDasharray="2 14" strokeLinecap="round" />
      <g transform="translate(128 38)">
        <rect x="0" y="20" width="64" height="72" rx="10" fill="#ffffff" stroke="#0d5c63" strokeWidth="4" />
        <path d="M14 20v-8a18 18 0 0 1 36 0v8" fill="none" stroke="#0d5c63" strokeWidth="4" />
        <text x="32" y="68" textAnchor="middle" fontSize="30" fontWeight="700" fill="#ea7f2e" fontFamily="inherit">?</text>
      </g>
      <circle cx="62" cy="48" r="6" fill="#f9b86f" />
      <circle cx="262" cy="40" r="9" fill="#d5eeec" />
      <circle cx="240" cy="96" r="4" fill="#f4a259" />
    </svg>
  );
}
