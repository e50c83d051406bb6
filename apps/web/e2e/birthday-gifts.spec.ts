// Sponsorship amounts per programme and birthday gifts against the real server (docs/product.md#sponsorship,
// decision 0055): the admin sets a programme's monthly amount in Configuración and the child's profile
// shows it; the demo donor sponsors that child (whose birthday month comes next, so the window is open),
// sends a birthday gift from Mi ahijado/a with the demo's card (an amount above the maximum refused in
// Spanish first); once the demo card has charged it, staff find it in "Regalos de cumpleaños por
// entregar" and mark it delivered, which the child's record then shows. Screens at 390 and 1280 px.
import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiToken, expect, login, screenshots, test } from './fixtures';

const V1 = '/api/v1';

/** A birth date in the month after this one (Guatemala's calendar): its birthday window is open today. */
function bornNextMonth(): string {
  const month = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala', month: '2-digit' }).format(new Date()));
  return `2016-${String((month % 12) + 1).padStart(2, '0')}-08`;
}

async function sponsorshipSettings(request: APIRequestContext, token: string) {
  const res = await request.get(`${V1}/admin/settings/sponsorship`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown> & { program_amounts: { program_id: number; amount: number }[] };
}

test('a programme’s amount reaches the profile; the sponsor sends a birthday gift and staff deliver it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const tag = `E2E${Date.now().toString(36)}`;
  const staff = await apiToken(request);
  const auth = { authorization: `Bearer ${staff}` };
  const site = await (await request.get(`${V1}/public/site`)).json();
  const programme = (site.programs as { id: number; name: string; coming_soon: boolean }[]).find((p) => !p.coming_soon)!;
  const before = await sponsorshipSettings(request, staff);

  try {
    // The admin gives the programme its own monthly amount in the sponsorship card.
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/settings');
    const card = page.getByRole('form', { name: 'Apadrinamiento' });
    const field = card.getByLabel(`${programme.name} (Q al mes)`);
    await field.fill('310');
    await card.getByRole('button', { name: 'Guardar apadrinamiento' }).click();
    await expect(card.getByText('Apadrinamiento guardado')).toBeVisible();
    await field.scrollIntoViewIfNeeded();
    await screenshots(page, 'sponsorship-program-amounts');

    // A child of that programme, born the month after this one.
    const created = await request.post(`${V1}/admin/sponsorship/children`, {
      headers: auth,
      data: { firstName: 'Rocío', fullName: `Rocío ${tag} Ejemplo`, birthDate: bornNextMonth(), department: 'Sololá', programId: programme.id, story: 'Le gusta cantar.', storyApproved: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const childId = (await created.json()).child.id as number;
    await page.goto(`/apadrina/${childId}`);
    await expect(page.getByText(/Apadrinar por Q\s?310\.00 al mes/)).toBeVisible();

    // The demo donor sponsors her (by the API: the start page has its own tests) and waits for the first charge.
    const donor = await apiToken(request, DEMO.donor);
    const donorAuth = { authorization: `Bearer ${donor}` };
    const hold = await request.post(`${V1}/sponsorship/holds`, { headers: donorAuth, data: { childId } });
    expect((await hold.json()).monthlyAmount).toBe(310);
    const start = await request.post(`${V1}/sponsorship/holds/${(await hold.json()).holdToken}/start`, {
      headers: donorAuth,
      data: { donorName: 'Diego Donante', email: DEMO.donor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
    });
    expect(start.status(), await start.text()).toBe(201);
    const sponsorshipId = (await start.json()).sponsorshipId as number;
    const activeOf = async () => ((await (await request.get(`${V1}/member/sponsorships`, { headers: donorAuth })).json()).sponsorships as { id: number; status: string }[]).find((s) => s.id === sponsorshipId)?.status;
    await expect.poll(activeOf, { timeout: 60_000 }).toBe('active');

    // Mi ahijado/a: the birthday gift, refused above the maximum, then sent with the demo's card.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await login(page, DEMO.donor.email, DEMO.donor.password);
    await page.goto('/donor/ahijado');
    const gift = page.getByTestId('birthday-gift').filter({ hasText: 'Rocío cumple años' });
    await gift.getByRole('button', { name: 'Enviar un regalo de cumpleaños' }).click();
    const amount = gift.getByLabel('Monto (Q)');
    await expect(amount).not.toHaveValue('');
    await amount.fill(String(site.system.max_donation_amount + 1));
    await gift.getByLabel(/Número de tarjeta/).fill('4242 4242 4242 4242');
    await gift.getByLabel(/Vencimiento/).fill('12/30');
    await gift.getByLabel('CVC').fill('123');
    await gift.getByRole('button', { name: /Enviar regalo de/ }).click();
    await expect(gift.getByText(/El monto máximo de donación es/)).toBeVisible();
    await amount.fill('175');
    await gift.scrollIntoViewIfNeeded();
    await screenshots(page, 'birthday-gift-form');
    await gift.getByRole('button', { name: /Enviar regalo de Q\s?175\.00/ }).click();
    await expect(gift.getByText('¡Gracias! Cuando se confirme el pago, entregaremos tu regalo a Rocío.')).toBeVisible();
    const reference = ((await gift.getByText(/^Referencia /).textContent()) ?? '').replace('Referencia ', '').trim();
    expect(reference).not.toBe('');
    await gift.scrollIntoViewIfNeeded();
    await screenshots(page, 'birthday-gift-sent');

    // The demo's card answers by itself a few seconds later: the gift is then to deliver.
    const toDeliver = async () =>
      ((await (await request.get(`${V1}/admin/sponsorship/birthday-gifts`, { headers: auth })).json()).gifts as { childId: number }[]).some((g) => g.childId === childId);
    await expect.poll(toDeliver, { timeout: 60_000 }).toBe(true);

    // Staff: "Regalos de cumpleaños por entregar", then mark it delivered.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await login(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/apadrinamiento');
    await expect(page.getByRole('heading', { name: 'Regalos de cumpleaños por entregar' })).toBeVisible();
    const deliver = page.getByRole('button', { name: `Marcar entregado: Rocío, ${reference}` }).first();
    await expect(deliver).toBeVisible();
    await page.getByRole('heading', { name: 'Regalos de cumpleaños por entregar' }).scrollIntoViewIfNeeded();
    await screenshots(page, 'birthday-gifts-to-deliver');
    await deliver.click();
    await expect(page.getByRole('button', { name: `Marcar entregado: Rocío, ${reference}` })).toHaveCount(0);

    await page.goto(`/admin/apadrinamiento/${childId}`);
    await expect(page.getByText(/^Entregado el /).first()).toBeVisible();
    await page.getByRole('heading', { name: 'Regalos de cumpleaños' }).scrollIntoViewIfNeeded();
    await screenshots(page, 'birthday-gift-child-record');
  } finally {
    // The programme's amount goes back to what it was, for the other specs.
    const now = await sponsorshipSettings(request, staff);
    const restored = await request.put(`${V1}/admin/settings/sponsorship`, { headers: auth, data: { ...now, program_amounts: before.program_amounts } });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
