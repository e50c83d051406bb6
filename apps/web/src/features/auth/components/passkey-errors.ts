// The Spanish sentence for a passkey that did not work: cancelled in the browser, unsupported, or refused by the server.
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';

export function passkeyErrorMessage(error: unknown): string {
  if (getErrorStatus(error) !== undefined) return getErrorMessage(error, twoStepMessages.passkeyInvalid);
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return twoStepMessages.ui.passkeyCancelled;
  if (typeof window !== 'undefined' && !window.PublicKeyCredential) return twoStepMessages.ui.passkeyUnsupported;
  return twoStepMessages.ui.passkeyCancelled;
}
