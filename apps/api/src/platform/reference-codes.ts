// Donation references: '#MG' + 8 random digits, unique in the ledger (docs/product.md#limits-and-constants, #public-donation-flow).
import { randomInt } from 'node:crypto';
import { REFERENCE_PREFIX } from '@donaciones/shared/constants';

export function newReferenceCode(): string {
  return `${REFERENCE_PREFIX}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** True when a database error is a unique violation of the given constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  if (code !== '23505') return false;
  if (!constraint) return true;
  const c = (e as { constraint?: string }).constraint ?? '';
  const detail = String((e as { message?: string }).message ?? '');
  return c === constraint || detail.includes(constraint);
}
