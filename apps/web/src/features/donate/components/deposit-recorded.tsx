// What /donate shows once it has recorded a bank deposit: the deposit's panel (instructions and the
// slip upload). Its own module so the checkout loads it lazily: most donors pay by card, and the slip
// upload need not be part of the checkout's first visit.
import type { PublicBankAccount } from '@donaciones/shared/schemas/deposits';
import type { PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { useSession } from '@/lib/session';
import { depositStatusOf } from '../api/deposits';
import { DepositPanel } from './deposit-panel';

export interface DepositRecordedProps {
  donation: PublicDonationResponse;
  bankAccounts: PublicBankAccount[];
  donorName: string;
  /** Where the instructions were emailed. */
  emailedTo: string;
}

export default function DepositRecorded({ donation, bankAccounts, donorName, emailedTo }: DepositRecordedProps) {
  // A gift recorded signed in belongs to the account (POST /donate links it), so Mis donaciones lists it.
  const { isAuthenticated } = useSession();
  return (
    <DepositPanel
      status={depositStatusOf(donation, bankAccounts, donorName)}
      token={donation.deposit_token}
      emailedTo={emailedTo}
      focusOnMount
      inDonorArea={isAuthenticated}
    />
  );
}
