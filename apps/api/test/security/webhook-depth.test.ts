// A signed webhook nested absurdly deep: refused with 400 (a 500 would make the provider retry it
// forever), whether or not JSON.parse itself could read it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonNestingExceeds } from '../../src/http/json-depth';
import { createTestApp, type TestContext } from '../support/helpers';
import { newWebhookSecret, svixSignature } from '../support/recurrente-stand-in';

const WEBHOOK_SECRET = newWebhookSecret();

function nested(levels: number, open = '[', close = ']'): string {
  return `{"id":"evt_${randomBytes(4).toString('hex')}","event_type":"payment_intent.succeeded","data":${open.repeat(levels)}${close.repeat(levels)}}`;
}

describe('a deeply nested webhook', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      config: { payments: { provider: 'recurrente', publicKey: 'pk_test_x', secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:9' } },
    });
  });
  afterAll(async () => ctx?.close());

  const deliver = (payload: string) => {
    const id = `msg_${randomBytes(6).toString('hex')}`;
    const timestamp = Math.floor(Date.now() / 1000);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/recurrente/webhook',
      headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(timestamp), 'svix-signature': svixSignature(WEBHOOK_SECRET, id, timestamp, payload) },
      payload,
    });
  };

  it('100,000 levels of arrays answer 400, not 500', async () => {
    const res = await deliver(nested(100_000));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTruthy();
  });

  it('counts the nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingExceeds(nested(100_000), 64)).toBe(true);
    expect(jsonNestingExceeds(nested(65, '{"a":', '}'), 64)).toBe(true);
    expect(jsonNestingExceeds(nested(10), 64)).toBe(false);
    // Brackets inside strings are text, not nesting.
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(1000)}\\"["}`, 64)).toBe(false);
  });
});
