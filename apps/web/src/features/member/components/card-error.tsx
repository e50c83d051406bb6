import { screensMessages } from '@donaciones/shared/messages/screens';
import { ErrorState } from '@/components/states';

/** The dashboard's error message with a retry, sized for a card. */
export function CardError({ onRetry, retrying, message = screensMessages.dashboardLoadError }: { onRetry: () => void; retrying?: boolean; message?: string }) {
  return <ErrorState message={message} onRetry={onRetry} retrying={retrying} />;
}
