// The router's errorElement (docs/product.md#screens-and-routes): a generic error screen with «Intentar de nuevo» and «Recargar la página».
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { RefreshCw, RotateCcw } from 'lucide-react';
import { errorScreenMessages } from '@donaciones/shared/messages/shell';
import { Button } from '@/components/button';

export interface ErrorScreenProps {
  /** Fill the whole viewport (the root route) rather than the layout's content area. */
  fullPage?: boolean;
  /** For tests and non-router use. */
  onReload?: () => void;
}

export default function ErrorScreen({ fullPage = false, onReload = () => window.location.reload() }: ErrorScreenProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);

  // Navigating to the same location clears the route's error and renders it again.
  const tryAgain = () => navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state });

  return (
    <div role="alert" className={fullPage ? 'flex min-h-dvh items-center justify-center bg-sand-50 px-4 py-12' : 'flex items-center justify-center px-4 py-16'}>
      <div className="w-full max-w-md rounded-card border border-sand-200 bg-white p-8 text-center shadow-card">
        <ErrorIllustration />
        <h1 className="mt-4 text-2xl font-semibold">{errorScreenMessages.title}</h1>
        <p className="mt-2 text-ink-600">{errorScreenMessages.body}</p>
        <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={tryAgain} icon={<RotateCcw aria-hidden="true" className="size-4" />}>
            {errorScreenMessages.tryAgain}
          </Button>
          <Button variant="outline" onClick={onReload} icon={<RefreshCw aria-hidden="true" className="size-4" />}>
            {errorScreenMessages.refresh}
          </Button>
        </div>
      </div>
    </div>
  );
}

function ErrorIllustration() {
  return (
    <svg aria-hidden="true" viewBox="0 0 120 90" className="mx-auto w-28">
      <ellipse cx="60" cy="82" rx="40" ry="5" fill="#e9e0d2" />
      <path d="M60 72c-1 0-2-.3-2.6-1C46 61 34 52 34 39c0-8 6-15 14-15 5 0 9 2.6 12 6.6C63 26.6 67 24 72 24c8 0 14 7 14 15 0 13-12 22-23.4 32-.6.7-1.6 1-2.6 1z" fill="#ffecd3" stroke="#ea7f2e" strokeWidth="3" />
      <path d="M60 31l-5 13h9l-6 14" fill="none" stroke="#a94b1c" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
