// A sponsor's letter to a child who left the programme (docs/product.md#sponsorship-letters): staff
// see it marked, cannot approve it nor mark it delivered (409, in Spanish), it is not printed, and they
// return it to the sponsor with a reason, also once approved. Nothing is deleted when the child leaves;
// the child's own reply still reaches the sponsor, who keeps reading the ended sponsorship's letters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, json, pdfText, type Caller, type TestContext } from '../support/helpers';
import * as make from '../support/factory';
import { aChild, anActiveSponsorship } from '../support/sponsorship';

let ctx: TestContext;
let sponsor: Caller;
let staff: Caller;
const V1 = '/api/v1';
const LEFT = 'Esta niña o este niño ya salió del programa: la carta no se puede entregar. Devuélvela a quien apadrina con un motivo.';
type Letter = { id: number; status: string; direction: string; childLeft: boolean; returnReason: string | null };

beforeAll(async () => {
  ctx = await createTestApp();
  sponsor = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  staff = await make.signIn(ctx.app, ctx.db, { roles: ['SPONSORSHIP'] });
}, 60_000);
afterAll(() => ctx?.close());

const post = (url: string, payload: object = {}) => inject(ctx.app, { method: 'POST', url: `${V1}${url}`, token: staff.token, payload });
const queue = async (status: string) => json<{ letters: Letter[] }>(await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters?status=${status}`, token: staff.token })).letters;

describe('a letter to a child who left the programme', () => {
  it('is marked, refused for approval and delivery, not printed, and goes back to its sponsor', async () => {
    const child = await aChild(ctx.db, { firstName: 'Rosa', fullName: 'Rosa Salida', community: 'Comunidad Ida', status: 'sponsored' });
    const sponsorship = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    const write = async (body: string) =>
      json<Letter>(await inject(ctx.app, { method: 'POST', url: `${V1}/users/me/sponsorships/${sponsorship.id}/letters`, token: sponsor.token, payload: { body } })).id;
    const waiting = await write('Hola Rosa, ¿cómo te fue en la escuela este mes? Te mando un abrazo.');
    const approved = await write('Hola Rosa, feliz cumpleaños. Que pases un día muy bonito con tu familia.');
    expect((await post(`/admin/letters/${approved}/approve`)).statusCode).toBe(200);
    const reply = json<Letter>(await post('/admin/letter-replies', { sponsorshipId: sponsorship.id, body: 'Gracias por tus cartas, madrina. Te quiero mucho.' })).id;
    expect((await queue('in_review')).find((l) => l.id === waiting)?.childLeft).toBe(false);

    expect((await post(`/admin/sponsorship/children/${child.id}/status`, { status: 'left', reason: 'Se mudó' })).statusCode).toBe(200);

    expect((await queue('in_review')).find((l) => l.id === waiting)).toMatchObject({ status: 'in_review', childLeft: true });
    expect((await queue('approved')).find((l) => l.id === approved)).toMatchObject({ status: 'approved', childLeft: true });
    const approve = await post(`/admin/letters/${waiting}/approve`);
    expect([approve.statusCode, json<{ detail: string }>(approve).detail]).toEqual([409, LEFT]);
    const deliver = await post(`/admin/letters/${approved}/deliver`);
    expect([deliver.statusCode, json<{ detail: string }>(deliver).detail]).toEqual([409, LEFT]);
    // Not in the print for the field team: the only approved letter is this child's, so there is nothing to print.
    const pdf = await inject(ctx.app, { method: 'GET', url: `${V1}/admin/letters/print.pdf`, token: staff.token });
    if (pdf.statusCode === 200) expect(await pdfText(pdf.rawPayload)).not.toContain('Rosa Salida');
    else expect(pdf.statusCode).toBe(404);

    // The child's own reply still reaches the sponsor, who reads the ended sponsorship's letters.
    expect((await post(`/admin/letters/${reply}/approve`)).statusCode).toBe(200);

    const reason = 'Rosa salió del programa y ya no podemos entregarle tu carta.';
    for (const id of [waiting, approved]) expect((await post(`/admin/letters/${id}/return`, { reason })).statusCode).toBe(200);
    const own = json<{ letters: Letter[] }>(await inject(ctx.app, { method: 'GET', url: `${V1}/users/me/sponsorships/${sponsorship.id}/letters`, token: sponsor.token })).letters;
    expect(own.map((l) => [l.id, l.status, l.returnReason])).toEqual([
      [waiting, 'returned', reason],
      [approved, 'returned', reason],
      [reply, 'delivered', null],
    ]);
  });

  it('still refuses to return an approved letter whose child is in the programme', async () => {
    const child = await aChild(ctx.db, { firstName: 'Tomás', fullName: 'Tomás Presente', status: 'sponsored' });
    const sponsorship = await anActiveSponsorship(ctx.db, child.id, sponsor.id);
    const id = json<Letter>(
      await inject(ctx.app, { method: 'POST', url: `${V1}/users/me/sponsorships/${sponsorship.id}/letters`, token: sponsor.token, payload: { body: 'Hola Tomás, te escribo para saludarte y desearte un buen año.' } }),
    ).id;
    expect((await post(`/admin/letters/${id}/approve`)).statusCode).toBe(200);
    expect((await post(`/admin/letters/${id}/return`, { reason: 'Motivo cualquiera' })).statusCode).toBe(409);
    expect((await post(`/admin/letters/${id}/deliver`)).statusCode).toBe(200);
  });
});
