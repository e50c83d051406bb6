// Closed months refuse edits dated up to the close (docs/product.md#the-register-and-the-close).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountingCloses } from '../../src/db/schema';
import { assertOpenPeriod, isOpenPeriod, monthInstants, monthOf } from '../../src/domain/accounting/periods';
import { ConflictError } from '../../src/errors';
import { createTestApp, type TestContext } from '../support/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());
beforeEach(async () => {
  await ctx.db.delete(accountingCloses);
});

describe('assertOpenPeriod', () => {
  it('lets everything through while no month is closed', async () => {
    await expect(assertOpenPeriod(ctx.db, new Date('2020-01-01T12:00:00Z'))).resolves.toBeUndefined();
  });

  it('refuses a date in the closed month or before it with a Spanish conflict, and lets the next month through', async () => {
    await ctx.db.insert(accountingCloses).values({ month: '2026-03' });
    for (const date of ['2026-03-31', '2026-01-15', new Date('2026-03-15T18:00:00Z')]) {
      const error = await assertOpenPeriod(ctx.db, date).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).detail).toBe(
        'El mes de marzo de 2026 está cerrado: no se puede modificar nada con fecha hasta el cierre. Registra una corrección con fecha del mes abierto.',
      );
    }
    await expect(assertOpenPeriod(ctx.db, '2026-04-01')).resolves.toBeUndefined();
    expect(await isOpenPeriod(ctx.db, '2026-02-28')).toBe(false);
    expect(await isOpenPeriod(ctx.db, '2026-04-01')).toBe(true);
  });

  it('reads dates on the Guatemala calendar: 1 April 02:00 UTC is still 31 March there', async () => {
    await ctx.db.insert(accountingCloses).values({ month: '2026-03' });
    expect(monthOf(new Date('2026-04-01T02:00:00Z'))).toBe('2026-03');
    await expect(assertOpenPeriod(ctx.db, new Date('2026-04-01T02:00:00Z'))).rejects.toBeInstanceOf(ConflictError);
    await expect(assertOpenPeriod(ctx.db, new Date('2026-04-01T06:00:00Z'))).resolves.toBeUndefined();
    expect(monthInstants('2026-03')).toEqual({ start: new Date('2026-03-01T06:00:00Z'), end: new Date('2026-04-01T06:00:00Z') });
  });
});
