import { Download } from 'lucide-react';
import { memberMessages } from '@donaciones/shared/messages/member';
import { formatReceiptNumber } from '@donaciones/shared/format';
import { Button, type ButtonProps } from '@/components/button';
import { receiptPdfPath, statementPdfPath, useDownloadPdf } from '../api/download-pdf';

const t = memberMessages.receipts;

type Target = { kind: 'receipt'; donationId: number; receiptNumber: number; receiptSeries: string | null } | { kind: 'statement'; year: number };

/** Downloads a receipt or a yearly statement PDF (with the in-memory bearer token). */
export function PdfDownloadButton({ target, children, ...rest }: { target: Target } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const download = useDownloadPdf();
  const label =
    target.kind === 'receipt' ? t.downloadLabel(formatReceiptNumber(target.receiptNumber, target.receiptSeries)) : t.downloadStatementLabel(target.year);
  const onClick = () =>
    download.mutate(
      target.kind === 'receipt'
        ? { path: receiptPdfPath(target.donationId), fallbackName: `recibo-${formatReceiptNumber(target.receiptNumber, target.receiptSeries)}.pdf` }
        : { path: statementPdfPath(target.year), fallbackName: `constancia-donaciones-${target.year}.pdf` },
    );
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      title={label}
      icon={<Download aria-hidden="true" className="size-4" />}
      loading={download.isPending}
      loadingText={t.downloading}
      onClick={onClick}
      {...rest}
    >
      {children ?? (target.kind === 'receipt' ? t.downloadReceipt : t.download)}
    </Button>
  );
}
