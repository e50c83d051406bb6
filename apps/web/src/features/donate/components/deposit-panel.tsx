// A bank deposit as its donor sees it (docs/product.md#bank-deposits): the instructions, then the
// slip upload, or "Recibimos tu boleta, la estamos verificando" once one was sent (with the option to
// send another). Shown on /donate right after the donation is recorded and on /boleta.
import { useEffect, useRef, useState } from 'react';
import { Landmark, Mail } from 'lucide-react';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { DepositStatus } from '@donaciones/shared/schemas/deposits';
import { Button } from '@/components/button';
import { DepositInstructions } from './deposit-instructions';
import { SlipStatus } from './slip-status';
import { SlipUploadForm } from './slip-upload-form';

const m = depositMessages;

export interface DepositPanelProps {
  status: DepositStatus;
  /** The signed link's token (no sign-in); absent for the signed-in owner. */
  token?: string | null;
  /** Where the instructions were emailed, right after the donation was recorded. */
  emailedTo?: string | null;
  headingLevel?: 'h1' | 'h2';
  /** Moves the focus to the heading when shown (it replaces the processing step of /donate). */
  focusOnMount?: boolean;
  /**
   * The gift is the signed-in account's, so Mis donaciones lists it with its "Subir boleta"; one made
   * without signing in is only reached again by the email's link.
   */
  inDonorArea?: boolean;
}

export function DepositPanel({ status: initial, token, emailedTo, headingLevel = 'h2', focusOnMount = false, inDonorArea = false }: DepositPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  const [status, setStatus] = useState(initial);
  const [another, setAnother] = useState(false);
  const Heading = headingLevel;
  const { donation } = status;
  const sent = status.slips.length > 0;
  return (
    <div className="space-y-6" data-testid="deposit-panel">
      <div>
        <Heading ref={headingRef} tabIndex={-1} className="flex items-center gap-2.5 text-2xl font-semibold outline-none">
          <Landmark aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
          {m.instructions.title}
        </Heading>
        {status.accepts_slips && <p className="mt-2 text-ink-700">{m.instructions.intro}</p>}
      </div>
      {status.accepts_slips && (
        <DepositInstructions accounts={status.accounts} amountCents={donation.amount_cents} currency={donation.currency} reference={donation.reference_code} />
      )}
      {emailedTo && (
        <p className="flex items-start gap-2.5 rounded-2xl bg-sand-100 p-4 text-sm text-ink-700">
          <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          {m.instructions.emailSent(emailedTo)}
        </p>
      )}
      <SlipStatus status={status} />
      {status.accepts_slips &&
        (!sent || another ? (
          <div className="rounded-card border border-sand-200 bg-sand-50 p-4 sm:p-6">
            <SlipUploadForm
              donationId={donation.id}
              token={token}
              amountCents={donation.amount_cents}
              accounts={status.accounts}
              onUploaded={(next) => {
                setStatus(next);
                setAnother(false);
              }}
            />
            {!sent && (
              <p className="mt-4 text-sm text-ink-600" data-testid="slip-later">
                {inDonorArea ? m.upload.later : m.upload.laterByEmail}
              </p>
            )}
          </div>
        ) : (
          <Button variant="outline" onClick={() => setAnother(true)}>
            {m.upload.sendAnother}
          </Button>
        ))}
    </div>
  );
}
