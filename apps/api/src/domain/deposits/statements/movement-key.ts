// A bank movement's identity across imports (docs/product.md#bank-deposits, decision 0024): the same credit
// read from the same file twice, or from two files whose periods overlap, has the same key, so it is stored
// once and confirms at most one donation. Migration 0011 computes the same key in SQL for older lines.
import type { StatementCredit } from './parse';

/** Upper-case letters and digits only, without leading zeros: `000123` and `123`, `Dep. 12` and `DEP12` are alike. */
const normalized = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^0+(?=\d)/, '');

/**
 * Date, amount, the reference (else the description), the balance when the file has one, and the
 * occurrence among identical lines of the file: two real deposits of Q100 on one day with the same text
 * are two movements, and a second import of that file has the same two.
 */
export function movementKeysOf(credits: Pick<StatementCredit, 'postedOn' | 'creditCents' | 'reference' | 'description' | 'balanceCents'>[]): string[] {
  const seen = new Map<string, number>();
  return credits.map((c) => {
    const base = `${c.postedOn}|${c.creditCents}|${normalized(c.reference ?? '') || normalized(c.description)}|${c.balanceCents ?? ''}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return `${base}|${occurrence}`;
  });
}
