// Children's sponsorship against the real server (docs/product.md#sponsorship): a visitor finds a
// waiting child on /apadrina, opens the profile, sponsors through the demo's card (the code of
// conduct refused until accepted, next to the field), and the first monthly charge makes the child
// "Apadrinado" for staff; the demo donor sees "Mi ahijado/a"; staff see the full record, and an edit of
// an approved story waits for approval while Apadrina keeps the approved one. Screens at
// 390 and 1280 px, and axe on every new screen.
import { DEMO, apiToken, expect, futureExpiry, login, screenshots, test, expectAccessible, aWaitingChild, uniqueEmail, waitForEmail, nameSuffix } from './fixtures';

const V1 = '/api/v1';

test('a visitor sponsors a waiting child end to end with the demo card', async ({ page, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const name = `Yesenia${nameSuffix(tag)}`;
  const childId = await aWaitingChild(request, name, tag);

  await page.goto('/apadrina');
  await expect(page.getByRole('heading', { name: 'Apadrina a una niña o un niño' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByLabel('Departamento').selectOption('Petén');
  const card = page.getByTestId('waiting-child').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
  await expectAccessible(page, '/apadrina');
  await screenshots(page, 'sponsorship-list');

  await card.getByRole('link', { name: `Conocer a ${name}` }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('10 años').or(page.getByText('11 años'))).toBeVisible();
  await expect(page.getByText(tag)).toHaveCount(0);
  await expectAccessible(page, '/apadrina/:id');
  await screenshots(page, 'sponsorship-profile');

  await page.getByRole('button', { name: `Apadrinar a ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Completa tu apadrinamiento' })).toBeVisible();
  await expect(page.getByText(new RegExp(`Reservamos el lugar de ${name} para ti`))).toBeVisible();
  await expectAccessible(page, '/apadrina/reserva');
  await screenshots(page, 'sponsorship-hold');

  const email = `padrino.${tag.toLowerCase()}@example.com`;
  await page.getByLabel(/^Nombre/).fill('Padrino de Prueba');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Vencimiento (MM/AA)').fill(futureExpiry());
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /Apadrinar por Q/ }).click();
  await expect(page.getByText('Debes aceptar el código de conducta para apadrinar')).toBeVisible();
  await page.getByLabel('Acepto el código de conducta').check();
  await page.getByRole('button', { name: /Apadrinar por Q/ }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`comenzarás a apadrinar a ${name}`) })).toBeVisible();
  await screenshots(page, 'sponsorship-thanks');

  // The demo's monthly job charges the first payment: the child is then "Apadrinado" and off the list.
  const staff = { authorization: `Bearer ${await apiToken(request)}` };
  await expect
    .poll(async () => (await (await request.get(`${V1}/admin/sponsorship/children/${childId}`, { headers: staff })).json()).child.status, { timeout: 30_000 })
    .toBe('sponsored');
  const list = await (await request.get(`${V1}/sponsorship/children`)).json();
  expect(list.children.map((c: { id: number }) => c.id)).not.toContain(childId);
  // One confirmation naming the child, with Mi ahijado/a and the monthly gift's page.
  expect(await waitForEmail(email, /desde hoy apadrinas a ([^.\s]+)\./)).toBe(name);
  // Sponsored without an account: the email says how to reach Mi ahijado/a.
  expect(await waitForEmail(email, /Para entrar a Mi ahijado\/a, inicia sesi\S{1,4}n con este correo/)).toBeTruthy();
});

test('a new account: Mi ahijado/a in its menu while a transfer is awaited; a sponsorship that ended stays listed with its letters', async ({ page, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const held = `Marisol${nameSuffix(tag)}`;
  const ended = `Tomas${nameSuffix(tag)}`;
  const heldId = await aWaitingChild(request, held, tag);
  const endedId = await aWaitingChild(request, ended, `${tag}b`);
  const email = uniqueEmail('apadrina-cuenta');
  expect((await request.post(`${V1}/auth/register`, { data: { name: 'Ana Cuenta', email, password: 'Volcan2024', confirmPassword: 'Volcan2024', acceptTerms: true } })).status()).toBe(201);
  const sponsor = { authorization: `Bearer ${await apiToken(request, { email, password: 'Volcan2024' })}` };
  const start = async (childId: number, method: object) => {
    const hold = await request.post(`${V1}/sponsorship/holds`, { headers: sponsor, data: { childId } });
    expect(hold.status(), await hold.text()).toBe(201);
    const res = await request.post(`${V1}/sponsorship/holds/${(await hold.json()).holdToken}/start`, { headers: sponsor, data: { donorName: 'Ana Cuenta', email, acceptCodeOfConduct: true, ...method } });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const byTransfer = await start(heldId, { paymentMethod: 'transfer' });
  await start(endedId, { cardLast4: '4242', cardBrand: 'visa' });
  // The demo's job charges the card: the confirmation names the child; then the sponsor cancels that gift.
  expect(await waitForEmail(email, /desde hoy apadrinas a ([^.\s]+)\./, 30_000)).toBe(ended);
  const gifts = await (await request.get(`${V1}/member/monthly-gifts`, { headers: sponsor })).json();
  const gift = gifts.find((g: { sponsoredChildFirstName: string | null }) => g.sponsoredChildFirstName === ended);
  expect((await request.post(`${V1}/member/monthly-gifts/${gift.id}/cancel`, { headers: sponsor, data: { reason: 'Prueba de fin' } })).status()).toBe(200);

  // A USER (no DONOR: nothing paid, email not confirmed) finds Mi ahijado/a in the menu.
  await login(page, email, 'Volcan2024');
  // Below 1280 px the menu is a drawer.
  if ((page.viewportSize()?.width ?? 1280) < 1280) await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('link', { name: 'Mi ahijado/a' }).click();
  await expect(page.getByRole('heading', { name: 'Mi ahijado/a', level: 1 })).toBeVisible();
  await expect(page.getByText(new RegExp(`Reservamos el lugar de ${held} para ti hasta el .*referencia ${byTransfer.transfer.reference}\\.`))).toBeVisible();
  await expect(page.getByText(/Cumple años/)).toHaveCount(0);
  const past = page.locator('section', { has: page.getByRole('heading', { name: 'Apadrinamientos anteriores' }) });
  await expect(past.getByRole('heading', { name: ended })).toBeVisible();
  await expect(past.getByText('Terminó tu aporte mensual')).toBeVisible();
  await expect(past.getByRole('img')).toHaveCount(0);
  await expect(page.getByText(tag)).toHaveCount(0);
  await expectAccessible(page, '/donor/ahijado (lugar reservado y anteriores)');
  await screenshots(page, 'sponsorship-held-and-past');
  await past.getByRole('link', { name: `Cartas con ${ended}` }).click();
  await expect(page.getByRole('heading', { name: `Cartas con ${ended}` })).toBeVisible();
  await expect(page.getByText('Este apadrinamiento terminó: puedes volver a leer sus cartas, pero ya no escribir nuevas.')).toBeVisible();
  await expect(page.getByLabel('Tu carta')).toHaveCount(0);
  await screenshots(page, 'sponsorship-past-letters');
});

test('the demo donor sees Mi ahijado/a; staff see the full record', async ({ page }) => {
  await login(page, DEMO.donor.email, DEMO.donor.password);
  await page.goto('/donor/ahijado');
  await expect(page.getByRole('heading', { name: 'Mi ahijado/a', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kevin' })).toBeVisible();
  await expect(page.getByText(/Cumple años en abril/)).toBeVisible();
  await expect(page.getByText('Comunidad de demostración')).toHaveCount(0);
  await expectAccessible(page, '/donor/ahijado');
  await screenshots(page, 'sponsorship-my-child');

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/apadrinamiento');
  await expect(page.getByRole('heading', { name: 'Niñas y niños' })).toBeVisible();
  await expectAccessible(page, '/admin/apadrinamiento');
  await screenshots(page, 'sponsorship-staff-list');
  await page.getByRole('link', { name: 'Lupita Ejemplo Ficticio' }).click();
  await expect(page.getByText('Comunidad de demostración').or(page.getByLabel('Comunidad'))).toBeVisible();
  await expect(page.getByText('Vigente', { exact: true })).toBeVisible();
  // Leaving the programme needs its reason, next to the field.
  await page.getByLabel('Estado').selectOption('left');
  await page.getByRole('button', { name: 'Guardar estado' }).click();
  await expect(page.getByText('Escribe el motivo por el que salió del programa')).toBeVisible();
  await expectAccessible(page, '/admin/apadrinamiento/:id');
  await screenshots(page, 'sponsorship-staff-child');
});

test("an approved story, edited by staff, waits for approval while Apadrina keeps the approved one", async ({ page, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const name = `Marisol${nameSuffix(tag)}`;
  const id = await aWaitingChild(request, name, tag);
  const approved = 'Le gusta pintar y jugar con sus primos.';
  const edited = `Le gusta pintar, jugar con sus primos y cantar ${tag}.`;
  await login(page, 'apadrinamiento@ejemplo.org', DEMO.admin.password);
  await page.goto(`/admin/apadrinamiento/${id}`);
  const story = page.getByLabel(/Historia corta/);
  await expect(story).toHaveValue(approved);
  await story.fill(edited);
  await expect(page.getByText(/Al guardar una historia cambiada, queda pendiente de aprobación/)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar ficha' }).click();
  await expect(page.getByText('Pendiente de aprobación', { exact: true })).toBeVisible();
  await expect(page.getByText(/El público sigue viendo la versión aprobada anterior/)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Historia aprobada para publicar' })).not.toBeChecked();
  await expectAccessible(page, '/admin/apadrinamiento/:id pendiente');
  await screenshots(page, 'sponsorship-story-pending');

  // The public profile (the same answer signed in or not: the route reads no session).
  const visitor = await page.context().newPage();
  await visitor.goto(`/apadrina/${id}`);
  await expect(visitor.getByText(approved)).toBeVisible();
  await expect(visitor.getByText(edited)).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Historia aprobada para publicar' }).check();
  await page.getByRole('button', { name: 'Guardar ficha' }).click();
  await expect(page.getByText('Pendiente de aprobación', { exact: true })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText(edited)).toBeVisible();
  await visitor.close();
});
