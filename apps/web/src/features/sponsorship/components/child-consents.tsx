// The consents on the staff's child record (docs/product.md#sponsorship): each one's state, who gave
// it, what it authorises and its dates; a current one can be withdrawn when the guardian takes it back
// ("Retirar", after confirming), which hides the photo or story it covered at once, everywhere.
import { useRef, useState } from 'react';
import { formatDay, formatLongDate } from '@donaciones/shared/format';
import { consentScopeLabels, consentTexts as t } from '@donaciones/shared/messages/sponsorship';
import type { StaffChildDetail } from '@donaciones/shared/schemas/sponsorship';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { useRevokeConsent } from '../api/sponsorship';

type Consent = StaffChildDetail['consents'][number];

function RevokeDialog({ childId, consent, onClose }: { childId: number; consent: Consent; onClose: () => void }) {
  const revoke = useRevokeConsent(childId);
  const keepRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!revoke.isPending) onClose();
  };
  return (
    <Modal
      open
      onClose={close}
      role="alertdialog"
      size="sm"
      title={t.revokeTitle}
      description={t.revokeBody(consent.givenBy, consentScopeLabels[consent.scope])}
      dismissible={!revoke.isPending}
      initialFocus={keepRef}
      footer={
        <>
          <Button ref={keepRef} variant="outline" onClick={close} disabled={revoke.isPending}>
            {t.keep}
          </Button>
          <Button variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate(consent.id, { onSuccess: onClose })}>
            {t.revokeConfirm}
          </Button>
        </>
      }
    >
      {revoke.isError && <p role="alert" className="text-sm text-red-700">{getErrorMessage(revoke.error, t.revokeFailed)}</p>}
    </Modal>
  );
}

export function ChildConsents({ childId, consents }: { childId: number; consents: Consent[] }) {
  const [revoking, setRevoking] = useState<Consent | null>(null);
  return (
    <>
      <ul className="mb-4 space-y-2">
        {consents.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-2">
            <Badge tone={c.current ? 'success' : 'danger'}>{c.revokedAt ? t.revoked(formatLongDate(c.revokedAt)) : c.current ? t.current : t.notCurrent}</Badge>
            <span>{t.summary(c.givenBy, c.relationship, consentScopeLabels[c.scope], formatDay(c.givenOn), formatDay(c.expiresOn))}</span>
            {c.current && (
              <Button size="sm" variant="outline" aria-label={t.revokeLabel(c.givenBy)} onClick={() => setRevoking(c)}>
                {t.revoke}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {revoking && <RevokeDialog childId={childId} consent={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}
