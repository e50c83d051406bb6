// A donation's receipt in the admin console (docs/product.md#receipts): its number, and the staff's
// download, re-send to the donor and re-send of the donor's yearly statement (not once the gift was
// refunded or voided: that receipt is annulled). A gift entered without the donor's email has its
// receipt handed over printed, or re-sent to an email staff add to the donor's record later (the
// server finds it); its yearly statement goes by the gift's email only. Nothing without a receipt.
import { Download, FileText, Send } from 'lucide-react';
import { formatReceiptNumber } from '@donaciones/shared/format';
import { receiptsMessages as m } from '@donaciones/shared/messages/receipts';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { useDownloadDonationReceipt, useResendReceipt, useResendStatement } from '../api/donation-receipt';
import { useDonationFel } from '../api/donation-fel';

type ReceiptCardProps = { id: number; receiptNumber: number | null; receiptSeries: string | null; annulled: boolean; hasEmail: boolean };

export function DonationReceipt({ id, receiptNumber, receiptSeries, annulled, hasEmail }: ReceiptCardProps) {
  const download = useDownloadDonationReceipt(id);
  const resend = useResendReceipt(id);
  const statement = useResendStatement(id);
  // Named as its PDF is: only SAT's certification makes it the "Recibo por donación".
  const certified = useDonationFel(id).data?.status === 'certified';
  if (receiptNumber == null) return null;
  return (
    <Card title={certified ? m.cardTitle : m.cardTitleUncertified}>
      <p className="text-sm text-ink-600">{m.hint}</p>
      <p className="mt-3 text-ink-900">
        <span className="text-sm font-semibold text-ink-600">{m.number} </span>
        <span className="font-mono" data-testid="receipt-number">
          {formatReceiptNumber(receiptNumber, receiptSeries)}
        </span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" icon={<Download aria-hidden="true" className="size-4" />} loading={download.isPending} onClick={() => download.mutate()}>
          {m.download}
        </Button>
        {!annulled && (
          <Button variant="outline" size="sm" icon={<Send aria-hidden="true" className="size-4" />} loading={resend.isPending} onClick={() => resend.mutate()}>
            {m.resend}
          </Button>
        )}
        {!annulled && hasEmail && (
          <Button variant="outline" size="sm" icon={<FileText aria-hidden="true" className="size-4" />} loading={statement.isPending} onClick={() => statement.mutate()}>
            {m.resendStatement}
          </Button>
        )}
      </div>
      {annulled && <p className="mt-3 text-sm text-ink-600">{m.annulled}</p>}
      {!annulled && !hasEmail && <p className="mt-3 text-sm text-ink-600">{m.noEmailYet}</p>}
    </Card>
  );
}
