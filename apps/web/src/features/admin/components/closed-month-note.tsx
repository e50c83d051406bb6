// Said in Aprobar's and Confirmar's dialogs when the gift is dated in a month already closed: completing it dates it
// today, in the open month (docs/product.md#the-register-and-the-close).
import { adminMessages } from '@donaciones/shared/messages/admin';
import { cn } from '@/lib/cn';

export function ClosedMonthNote({ className }: { className?: string }) {
  return <p className={cn('rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200', className)}>{adminMessages.review.approveRedated}</p>;
}
