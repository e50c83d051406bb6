import type { ReactNode } from 'react';
import { ADMIN_DONATION_STATUS, ADMIN_DONATION_STATUSES, DONATION_STATUSES, type DonationStatus } from '@donaciones/shared/constants';
import { donationsMessages } from '@donaciones/shared/messages/donations';
import { shellMessages } from '@donaciones/shared/messages/shell';
import { cn } from '@/lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'accent' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-sand-100 text-ink-700 ring-sand-300',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  accent: 'bg-accent-50 text-accent-800 ring-accent-200',
  success: 'bg-green-50 text-green-800 ring-green-600/25',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  danger: 'bg-red-50 text-red-800 ring-red-600/25',
};

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  icon?: ReactNode;
}

export function Badge({ tone = 'neutral', children, className, icon }: BadgeProps) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', tones[tone], className)}>
      {icon}
      {children}
    </span>
  );
}

/**
 * One colour per donation status wherever it shows (docs/product.md#screens-and-routes, "Status badges"):
 * amber is only for a gift still waiting (pending); completed is green; every way a gift ends without
 * counting is red: failed, cancelled, expired, and refunded or voided after it completed (those two
 * were amber, the colour of waiting, although nothing is left to do on them).
 */
const DONATION_TONES: Record<DonationStatus, BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  failed: 'danger',
  cancelled: 'danger',
  expired: 'danger',
  refunded: 'danger',
  voided: 'danger',
};

/** A status as the donor's view names it (`voided`) or the console's (`VOIDED`, `APPROVED`), in any case. */
function donationStatusOf(status: string): DonationStatus | undefined {
  const lower = status.trim().toLowerCase();
  if ((DONATION_STATUSES as readonly string[]).includes(lower)) return lower as DonationStatus;
  return DONATION_STATUSES.find((s) => ADMIN_DONATION_STATUS[s] === status.trim().toUpperCase());
}

/** The colour of a donation status; a status the ledger does not know is neutral, never amber (waiting). */
export function statusTone(status: string): BadgeTone {
  const known = donationStatusOf(status);
  return known ? DONATION_TONES[known] : 'neutral';
}

/** The label of a service status (`pending` -> 'Pendiente') or an admin status (`PENDING` -> 'Pendiente'). */
export function statusLabel(status: string): string {
  if ((DONATION_STATUSES as readonly string[]).includes(status)) return donationsMessages.status[status as keyof typeof donationsMessages.status];
  if ((ADMIN_DONATION_STATUSES as readonly string[]).includes(status)) return shellMessages.adminStatus[status as keyof typeof shellMessages.adminStatus];
  return status;
}

export interface StatusBadgeProps {
  /** A service status (pending, completed, ...) or an admin status (PENDING, APPROVED, ...). */
  status: string;
  /** Overrides the default label. */
  label?: string;
  className?: string;
}

export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  return (
    <Badge tone={statusTone(status)} className={className}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label ?? statusLabel(status)}
    </Badge>
  );
}
