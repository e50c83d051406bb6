// docs/product.md#screens-and-routes: the 404 page, 'Página no encontrada' with 'Ir al inicio' and 'Volver atrás'.
import { useNavigate } from 'react-router';
import { ArrowLeft, Home } from 'lucide-react';
import { notFoundMessages, shellMessages } from '@donaciones/shared/messages/shell';
import { Button, ButtonLink } from '@/components/button';
import { LogoMark } from '@/components/logo';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle(notFoundMessages.title);
  return (
    <main id="contenido" className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-sand-50 to-brand-50 px-4 py-12">
      <div className="w-full max-w-lg text-center">
        <LogoMark className="mx-auto size-14" />
        <NotFoundIllustration />
        <p className="text-sm font-bold tracking-widest text-accent-700 uppercase">{shellMessages.notFoundCode}</p>
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{notFoundMessages.title}</h1>
        <p className="mx-auto mt-3 max-w-md text-ink-600">{notFoundMessages.body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.home} icon={<Home aria-hidden="true" className="size-4" />}>
            {notFoundMessages.goHome}
          </ButtonLink>
          <Button variant="outline" onClick={() => navigate(-1)} icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            {notFoundMessages.goBack}
          </Button>
        </div>
      </div>
    </main>
  );
}

function NotFoundIllustration() {
  // A signpost at a crossroads: the way was lost, not closed.
  return (
    <svg aria-hidden="true" viewBox="0 0 320 160" className="mx-auto my-6 w-full max-w-xs">
      <ellipse cx="160" cy="146" rx="130" ry="9" fill="#e9e0d2" />
      <path d="M20 146 C 80 120, 120 150, 160 140 S 260 118, 300 142" fill="none" stroke="#d8cbb8" strokeWidth="4" strokeLinecap="round" strokeDasharray="1 12" />
      <rect x="154" y="30" width="12" height="116" rx="4" fill="#0c4950" />
      <path d="M92 40h84l16 14-16 14H92z" fill="#0d5c63" />
      <path d="M228 76h-84l-16 14 16 14h84z" fill="#ea7f2e" />
      <text x="132" y="60" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff8ef" fontFamily="inherit">404</text>
      <text x="186" y="96" textAnchor="middle" fontSize="20" fontWeight="700" fill="#fff8ef" fontFamily="inherit">?</text>
      <path d="M262 40c6-8 19-6 20 5 1 9-10 16-20 23-10-7-21-14-20-23 1-11 14-13 20-5z" fill="#f9b86f" />
      <circle cx="54" cy="62" r="7" fill="#acdcd8" />
      <circle cx="76" cy="112" r="4" fill="#f4a259" />
    </svg>
  );
}
