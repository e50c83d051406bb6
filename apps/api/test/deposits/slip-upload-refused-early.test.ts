// A slip upload that will be refused is refused before its body is read (docs/product.md#bank-deposits):
// a donation that does not exist answers 404, someone else's 403, and one no longer pending 409, while
// the file is still arriving, so nobody can make the server take in 5 MB for nothing.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let donor: Caller;

beforeAll(async () => {
  ctx = await createTestApp({ config: { rateLimitEnabled: false } });
  donor = await make.signIn(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx?.close();
});

const FIELDS = new URLSearchParams({ bank: 'Banrural', depositDate: '2026-11-20', slipNumber: 'ABC-123', amount: '250.00', fileName: 'boleta.jpg' });

/** Sends the first kilobyte of a file whose end never comes; the answer must not wait for it. */
async function uploadNeverEnding(donationId: number, bearer: string) {
  const body = new PassThrough();
  body.write(Buffer.alloc(1024, 0xff));
  const answer = ctx.app.inject({
    method: 'POST',
    url: `/api/v1/donations/${donationId}/slip?${FIELDS}`,
    headers: { 'content-type': 'application/octet-stream', authorization: `Bearer ${bearer}` },
    payload: body,
  });
  const waited = new Promise<'still reading'>((resolve) => setTimeout(() => resolve('still reading'), 3_000).unref());
  const res = await Promise.race([answer, waited]);
  body.destroy();
  return res;
}

describe('a slip upload that will be refused', () => {
  it('answers 404 for a donation that does not exist without reading the file', async () => {
    const res = await uploadNeverEnding(2_000_000_000, donor.token);
    expect(res === 'still reading' ? res : res.statusCode).toBe(404);
  });

  it('answers 403 for someone else’s deposit and 409 for one already approved, without reading the file', async () => {
    const other = await make.signIn(ctx.app, ctx.db);
    const theirs = await make.donation(ctx.db, { userId: other.id, status: 'pending', paymentMethod: 'bank_deposit' });
    const forbidden = await uploadNeverEnding(theirs.id, donor.token);
    expect(forbidden === 'still reading' ? forbidden : forbidden.statusCode).toBe(403);

    const approved = await make.donation(ctx.db, { userId: donor.id, status: 'completed', paymentMethod: 'bank_deposit' });
    const over = await uploadNeverEnding(approved.id, donor.token);
    expect(over === 'still reading' ? over : over.statusCode).toBe(409);
  });
});
