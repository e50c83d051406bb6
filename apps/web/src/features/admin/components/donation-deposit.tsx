// The slip of a bank deposit on its page in the console (docs/product.md#bank-deposits); nothing for other donations.
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import { Card } from '@/components/card';
import { useDonationDeposit } from '../api/donation-deposit';
import { DepositSlip } from './deposit-slip';

export function DonationDeposit({ id, reference, amount, currency }: { id: number; reference: string; amount: number; currency: string }) {
  const query = useDonationDeposit(id);
  if (!query.data) return null;
  return (
    <Card title={bankStatementsMessages.review.slipTitle}>
      <DepositSlip slip={query.data} reference={reference} amount={amount} currency={currency} size="lg" />
    </Card>
  );
}
