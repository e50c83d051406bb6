// The sponsorship lifecycle against the real server (docs/product.md#sponsorship, decision 0051):
// staff mark a sponsored child "Salió del programa"; the sponsor gets the careful email with the link
// to choose; in "Mi ahijado/a" the sponsor sees the choice and moves the same monthly gift to another
// waiting child in one click. When that sponsor then stops, staff see when the child returns to the
// waiting list. A sponsor without an account makes the same choice from the signed link of the email.
// Screens at 390 and 1280 px, and axe on the new screens.
import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiToken, expect, login, screenshots, statusError, test, uniqueEmail, waitForEmail, expectAccessible, aWaitingChild, nameSuffix } from './fixtures';

const V1 = '/api/v1';

/** The account sponsors the child through the API (the demo card); the demo's job charges the first payment. */
async function sponsorByApi(request: APIRequestContext, token: string, email: string, childId: number, staff: Record<string, string>) {
  const headers = { authorization: `Bearer ${token}` };
  const held = await request.post(`${V1}/sponsorship/holds`, { headers, data: { childId } });
  expect(held.status(), await held.text()).toBe(201);
  const data = { donorName: 'Marta Padrina', email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };
  const started = await request.post(`${V1}/sponsorship/holds/${(await held.json()).holdToken}/start`, { headers, data });
  expect(started.status(), await started.text()).toBe(201);
  await expect
    .poll(async () => (await (await request.get(`${V1}/admin/sponsorship/children/${childId}`, { headers: staff })).json()).child.status, { timeout: 30_000 })
    .toBe('sponsored');
}

test('staff mark a sponsored child as left; the sponsor is told and moves the same gift to another child', async ({ page, request }) => {
  const tag = `CV${Date.now().toString(36)}`;
  const leaving = `Dulce${nameSuffix(tag)}`;
  const staff = { authorization: `Bearer ${await apiToken(request)}` };
  const childId = await aWaitingChild(request, leaving, tag);
  // The child chosen next is this test's own (the demo's children stay as other specs expect them).
  const next = `Nayeli${nameSuffix(tag)}`;
  const nextId = await aWaitingChild(request, next, `${tag}b`);
  const email = uniqueEmail('ciclo');
  const registered = await request.post(`${V1}/auth/register`, { data: { name: 'Marta Padrina', email, password: 'Volcan2024', confirmPassword: 'Volcan2024', acceptTerms: true } });
  expect(registered.status(), await registered.text()).toBe(201);
  const sponsorToken = await apiToken(request, { email, password: 'Volcan2024' });
  await sponsorByApi(request, sponsorToken, email, childId, staff);

  // Staff mark the child as left, from the child's page.
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`/admin/apadrinamiento/${childId}`);
  await page.getByLabel('Estado').selectOption('left');
  await expect(page.getByText(/su apadrinamiento termina y en "Mi ahijado\/a" podrá elegir a otra niña u otro niño con el mismo aporte/)).toBeVisible();
  await page.getByLabel(/Motivo/).fill(`La familia se mudó ${tag}`);
  await page.getByRole('button', { name: 'Guardar estado' }).click();
  await expect(page.getByText(/Salió del programa · 0 de 1 lugares tomados/)).toBeVisible();

  // The email: the child's first name, the choices, the link to Mi ahijado/a and the deadline; never the reason.
  // The raw message is UTF-8 read byte by byte: decode it before reading the Spanish text.
  const body = Buffer.from(await waitForEmail(email, /Hola Marta:[\s\S]*?cobrarte algo que no elegiste\./), 'latin1').toString('utf8');
  expect(body).toContain(`Queremos contarte que ${leaving} salió del programa de apadrinamiento`);
  expect(body).toContain('apadrinar a otra niña u otro niño que espera, con tu mismo aporte mensual (sin volver a pagar ni dar tu tarjeta)');
  expect(body).toMatch(/https?:\/\/\S+\/donor\/ahijado/);
  expect(body).toMatch(/Si no eliges antes del \d{1,2} de [a-z]+ de \d{4}, cancelaremos tu aporte mensual/);
  expect(body).not.toContain('La familia se mudó');
  expect(body).not.toContain(tag);

  // The sponsor sees the choice in Mi ahijado/a.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await login(page, email, 'Volcan2024');
  await page.goto('/donor/ahijado');
  await expect(page.getByRole('heading', { name: `${leaving} salió del programa` })).toBeVisible();
  await expect(page.getByText(/Si no eliges antes del/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Seguir dando a "Donde más se necesite"' })).toBeVisible();
  await expect(page.getByText('Aún no apadrinas a ninguna niña ni a ningún niño.')).toHaveCount(0);
  await expectAccessible(page, '/donor/ahijado (elección)');
  await screenshots(page, 'lifecycle-offer');

  // One click on a waiting child (found with "Ver más", the newest being last): sponsored with the same gift.
  const choice = page.getByRole('button', { name: `Apadrinar a ${next}`, exact: true });
  while (!(await choice.isVisible())) await page.getByRole('button', { name: 'Ver más niñas y niños' }).click();
  await choice.click();
  await expect(page.getByText(`Ahora apadrinas a ${next} con tu mismo aporte mensual.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: next, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${leaving} salió del programa` })).toHaveCount(0);
  await screenshots(page, 'lifecycle-chosen');

  // Still one monthly gift, active: no new checkout.
  const gifts = (await (await request.get(`${V1}/member/monthly-gifts`, { headers: { authorization: `Bearer ${sponsorToken}` } })).json()) as { id: number; status: string }[];
  expect(gifts.map((g) => g.status)).toEqual(['active']);

  // The sponsor stops: the new child stays off the list, and staff see when it returns.
  const mine = await (await request.get(`${V1}/member/sponsorships`, { headers: { authorization: `Bearer ${sponsorToken}` } })).json();
  expect(mine.sponsorships.map((s: { child: { id: number } }) => s.child.id)).toEqual([nextId]);
  const giftId = gifts[0].id;
  const cancelled = await request.post(`${V1}/member/monthly-gifts/${giftId}/cancel`, { headers: { authorization: `Bearer ${sponsorToken}` }, data: {} });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const waiting = await (await request.get(`${V1}/sponsorship/children`)).json();
  expect(waiting.children.map((c: { id: number }) => c.id)).not.toContain(nextId);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`/admin/apadrinamiento/${nextId}`);
  await expect(page.getByText(/^Vuelve a la lista de espera el \d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
  await expectAccessible(page, '/admin/apadrinamiento/:id (vuelve a la lista)');
  await screenshots(page, 'lifecycle-staff-returns');
});

test('a sponsor without an account chooses from the signed link of the email, without signing in', async ({ page, request, allowConsoleErrors }) => {
  // The used link (409) and the tampered one (401) are refused by the API on purpose.
  allowConsoleErrors(statusError(409), statusError(401));
  const tag = `SL${Date.now().toString(36)}`;
  const leaving = `Rosa${nameSuffix(tag)}`;
  const staff = { authorization: `Bearer ${await apiToken(request)}` };
  const childId = await aWaitingChild(request, leaving, tag);
  // Sponsored by a visitor who gave only a name and an address (no account); the demo's job charges the first month.
  const email = uniqueEmail('sin-cuenta');
  const held = await request.post(`${V1}/sponsorship/holds`, { data: { childId } });
  expect(held.status(), await held.text()).toBe(201);
  const data = { donorName: 'Elena Sin Cuenta', email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true };
  const started = await request.post(`${V1}/sponsorship/holds/${(await held.json()).holdToken}/start`, { data });
  expect(started.status(), await started.text()).toBe(201);
  await expect
    .poll(async () => (await (await request.get(`${V1}/admin/sponsorship/children/${childId}`, { headers: staff })).json()).child.status, { timeout: 30_000 })
    .toBe('sponsored');
  const left = await request.post(`${V1}/admin/sponsorship/children/${childId}/status`, { headers: staff, data: { status: 'left', reason: `Se mudó ${tag}` } });
  expect(left.status(), await left.text()).toBe(200);

  // The email's link opens the choice: the same three as "Mi ahijado/a", for this sponsorship only.
  const token = await waitForEmail(email, /\/apadrina\/eleccion\?token=([\w.%-]+)/);
  const link = `/apadrina/eleccion?token=${token}`;
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo seguir apadrinando' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${leaving} salió del programa` })).toBeVisible();
  await expect(page.getByText(/Si no eliges antes del \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
  await expectAccessible(page, '/apadrina/eleccion');
  await screenshots(page, 'lifecycle-link-offer');

  await page.getByRole('button', { name: 'Seguir dando a "Donde más se necesite"' }).click();
  await expect(page.getByText('Tu aporte mensual seguirá llegando a "Donde más se necesite". ¡Gracias!')).toBeVisible();
  await expect(page.getByRole('heading', { name: `${leaving} salió del programa` })).toHaveCount(0);

  // The link has done its work: opened again, it says so; a tampered one is not valid.
  await page.goto(link);
  await expect(page.getByText('Ya no hay nada que elegir aquí: la elección ya se hizo, venció o tu aporte mensual está cancelado.')).toBeVisible();
  await screenshots(page, 'lifecycle-link-closed');
  await page.goto(`/apadrina/eleccion?token=${token.slice(0, -3)}abc`);
  await expect(page.getByText('Este enlace no es válido o ya venció. Escríbenos a la dirección de contacto y te ayudamos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver las niñas y niños que esperan' })).toBeVisible();
});
