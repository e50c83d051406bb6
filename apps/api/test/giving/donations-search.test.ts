// GET /donations?q=: the server-side search of the donation list, over the whole ledger (not one
// page), paged with a total, and limited for visitors to what they are shown (masked names).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { donations, programs } from '../../src/db/schema';
import { maskName } from '../../src/domain/giving/donor-privacy';
import { type Caller, createTestApp, inject, type TestContext } from '../support/helpers';
import * as make from '../support/factory';

let ctx: TestContext;
let admin: Caller;
let owner: Caller;
let stranger: Caller;
const LUCIA = 'Lucía Hernández Toj';
let luciaId: number;

async function completed(values: Parameters<typeof make.donation>[1]) {
  const row = await make.donation(ctx.db, { ...values, status: 'pending' });
  await ctx.db.update(donations).set({ status: 'completed', completedAt: new Date() }).where(eq(donations.id, row.id));
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await make.signIn(ctx.app, ctx.db, { roles: ['ADMIN'] });
  owner = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
  stranger = await make.signIn(ctx.app, ctx.db, { roles: ['USER'] });
  const [program] = await ctx.db.insert(programs).values({ slug: 'comedor-escolar', name: 'Comedor Escolar' }).returning();
  // The oldest donation: on the last page of the unfiltered list, found by a search all the same.
  luciaId = (
    await completed({
      donorName: LUCIA,
      donorEmail: 'lucia.hernandez@correo.gt',
      description: 'Útiles para la escuela de Chimaltenango',
      programId: program.id,
      userId: owner.id,
      createdAt: new Date(Date.now() - 86_400_000),
    })
  ).id;
  for (let i = 0; i < 45; i += 1) await completed({ donorName: `Persona Anónima${i}`, description: null });
  await make.donation(ctx.db, { status: 'pending', donorName: 'Lucía Pendiente Uno' });
});
afterAll(async () => ctx?.close());

const list = (query: string, token?: string) => inject(ctx.app, { method: 'GET', url: `/api/v1/donations?${query}`, token });

describe('GET /donations?q=', () => {
  it('finds a donation beyond the first page, with the total of matches and pages of 20', async () => {
    const all = (await list('limit=20', admin.token)).json();
    expect(all.donations.map((d: { id: number }) => d.id)).not.toContain(luciaId);

    const res = await list('q=lucia&limit=20');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.donations.map((d: { id: number }) => d.id)).toContain(luciaId);
    expect(body.donations.every((d: { donor_name: string }) => d.donor_name.startsWith('Lucía'))).toBe(true);
    expect(body.total).toBe(body.donations.length);
    expect(body.limit).toBe(20);
  });

  it('pages the matches with a total that counts all of them', async () => {
    const first = (await list('q=anonima&limit=20&offset=0', admin.token)).json();
    const third = (await list('q=anonima&limit=20&offset=40', admin.token)).json();
    expect(first.total).toBe(45);
    expect(first.donations).toHaveLength(20);
    expect(third.total).toBe(45);
    expect(third.donations).toHaveLength(5);
  });

  it('combines the search with the status and type filters', async () => {
    const pending = (await list('q=lucia&status=pending', admin.token)).json();
    expect(pending.total).toBe(1);
    expect(pending.donations[0].donor_name).toBe('Lucía Pendiente Uno');
    const goods = (await list('q=lucia&donation_type=goods', admin.token)).json();
    expect(goods.total).toBe(0);
  });

  it('lets a visitor search the masked name as shown, but not the hidden surname or the email', async () => {
    const shown = maskName(LUCIA);
    const asShown = (await list(`q=${encodeURIComponent(shown)}`)).json();
    expect(asShown.donations.map((d: { id: number }) => d.id)).toContain(luciaId);

    const hiddenWords = LUCIA.split(' ').filter((w) => !shown.includes(w));
    expect(hiddenWords.length).toBeGreaterThan(0);
    for (const word of hiddenWords) {
      expect((await list(`q=${encodeURIComponent(word)}`)).json().total).toBe(0);
      expect((await list(`q=${encodeURIComponent(word)}`, stranger.token)).json().total).toBe(0);
    }
    expect((await list('q=hernandez%40correo')).json().total).toBe(0);
    expect((await list('q=lucia.hernandez', stranger.token)).json().total).toBe(0);
  });

  it('lets a visitor search the description and the program, ignoring case and accents', async () => {
    for (const q of ['UTILES', 'chimaltenango', 'comedor escolar']) {
      const body = (await list(`q=${encodeURIComponent(q)}`)).json();
      expect(body.donations.map((d: { id: number }) => d.id)).toEqual([luciaId]);
    }
  });

  it('lets the owner and ADMIN search the full name, the email and the reference', async () => {
    const [row] = await ctx.db.select().from(donations).where(eq(donations.id, luciaId));
    for (const token of [owner.token, admin.token]) {
      for (const q of ['Hernández Toj', 'lucia.hernandez@correo', row.referenceCode.slice(3)]) {
        const body = (await list(`q=${encodeURIComponent(q)}`, token)).json();
        expect(body.donations.map((d: { id: number }) => d.id)).toEqual([luciaId]);
      }
    }
  });

  it('treats LIKE wildcards as text and ignores an empty search', async () => {
    expect((await list('q=%25', admin.token)).json().total).toBe(0);
    expect((await list('q=_', admin.token)).json().total).toBe(0);
    expect((await list('q=%20%20', admin.token)).json().total).toBe(47);
  });

  it('matches a masked name only for donors not shown publicly, and their full name only when they are', async () => {
    const hidden = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'] });
    const shown = await make.signIn(ctx.app, ctx.db, { roles: ['DONOR', 'USER'], showPublicly: true });
    const gifts = {
      noAccount: (await completed({ donorName: 'Xiomara Batz Coyoy' })).id,
      hidden: (await completed({ donorName: 'Xiomara Batz Ajú', userId: hidden.id })).id,
      shown: (await completed({ donorName: 'Xiomara Batz Pérez', userId: shown.id })).id,
    };
    const found = async (q: string) => (await list(`q=${encodeURIComponent(q)}`, stranger.token)).json().donations.map((d: { id: number }) => d.id);
    // "Xiomara B." is how the first two are shown; the third is shown in full.
    expect(await found('xiomara b.')).toEqual([gifts.hidden, gifts.noAccount]);
    expect(await found('batz perez')).toEqual([gifts.shown]);
    expect(await found('batz aju')).toEqual([]);
    expect((await found('xiomara')).sort()).toEqual(Object.values(gifts).sort());
  });

  it('reads an OFFSET page of a search as the cursor walk reads it', async () => {
    const walked: number[] = [];
    let url = 'q=persona&limit=7';
    for (;;) {
      const body = (await list(url)).json();
      walked.push(...body.donations.map((d: { id: number }) => d.id));
      if (!body.next_cursor) break;
      url = `q=persona&limit=7&after=${encodeURIComponent(body.next_cursor)}`;
    }
    expect(walked).toHaveLength(45);
    for (const offset of [0, 7, 21, 42]) {
      const page = (await list(`q=persona&limit=7&offset=${offset}`)).json();
      expect(page.donations.map((d: { id: number }) => d.id)).toEqual(walked.slice(offset, offset + 7));
    }
  });
});
