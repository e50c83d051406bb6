// Progress reports against the real server (docs/product.md#sponsorship): staff write a report on a
// sponsored child's record (a phone number in the message is refused under its field, then removed),
// with a photo; the sponsor gets the email and reads the report, photo included and staff notes not,
// in "Mi ahijado/a". "Reportes pendientes" shows on the staff's sponsorship screen. Screens at 390
// and 1280 px, and axe on each.
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { DEMO, apiToken, expect, login, screenshots, test, waitForEmail, expectAccessible } from './fixtures';
import { guatemalaDay } from '@donaciones/shared/format';

const V1 = '/api/v1';

/** A child with a current photo consent, sponsored by the demo donor through the simulated card, once active. */
async function aSponsoredChild(request: APIRequestContext, tag: string): Promise<number> {
  const staff = await apiToken(request);
  const headers = { authorization: `Bearer ${staff}` };
  const created = await request.post(`${V1}/admin/sponsorship/children`, {
    headers,
    data: { firstName: 'Rocío', fullName: `Rocío ${tag} Ejemplo`, birthDate: '2015-08-09', department: 'Quiché', community: `Comunidad ${tag}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const childId = (await created.json()).child.id as number;
  const today = guatemalaDay(new Date()); // Guatemala's day, the one consents are read by (sponsorshipToday)
  const nextYear = `${new Date().getFullYear() + 1}-12-31`;
  const consent = await request.post(`${V1}/admin/sponsorship/children/${childId}/consents`, {
    headers,
    data: { givenBy: 'Encargada de prueba', relationship: 'madre', givenOn: today, scope: 'photos', expiresOn: nextYear },
  });
  expect(consent.status(), await consent.text()).toBe(201);
  const donor = await apiToken(request, DEMO.donor);
  const auth = { authorization: `Bearer ${donor}` };
  const hold = await request.post(`${V1}/sponsorship/holds`, { headers: auth, data: { childId } });
  expect(hold.status(), await hold.text()).toBe(201);
  const start = await request.post(`${V1}/sponsorship/holds/${(await hold.json()).holdToken}/start`, {
    headers: auth,
    data: { donorName: 'Diego Donante', email: DEMO.donor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
  });
  expect(start.status(), await start.text()).toBe(201);
  const sponsorshipId = (await start.json()).sponsorshipId as number;
  await expect.poll(async () => (await request.get(`${V1}/users/me/sponsorships/${sponsorshipId}/progress-reports`, { headers: auth })).status(), { timeout: 30_000 }).toBe(200);
  return childId;
}

test('staff write a progress report; the sponsor is emailed and reads it in Mi ahijado/a', async ({ page, browser, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const childId = await aSponsoredChild(request, tag);

  // Staff: the report form refuses a phone number in the message under the field, then publishes with a photo.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await login(staffPage, DEMO.admin.email, DEMO.admin.password);
  await staffPage.goto(`/admin/apadrinamiento/${childId}`);
  const form = staffPage.getByRole('form', { name: 'Nuevo informe' });
  await expect(form).toBeVisible();
  await form.getByLabel('Periodo').fill('Segundo semestre 2026');
  await form.getByLabel(/Grado escolar/).fill('Tercero primaria');
  await form.getByLabel(/Asistencia/).fill('94');
  await form.getByLabel(/Logro en la escuela/).fill('Leyó su primer libro completo.');
  await form.getByLabel(/^Salud/).fill('Sana; completó sus vacunas.');
  const message = form.getByLabel(/Mensaje para quien apadrina/);
  await message.fill(`Rocío te saluda (${tag}). Su tía dice que la llames al 5555 1234.`);
  await form.getByLabel(/Notas internas/).fill(`Nota interna ${tag}: la familia pidió útiles.`);
  const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#e9c46a' } }).jpeg().toBuffer();
  await form.getByLabel(/Foto \(opcional\)/).setInputFiles({ name: 'informe.jpg', mimeType: 'image/jpeg', buffer: photo });
  await form.getByRole('button', { name: 'Publicar informe' }).click();
  await expect(form.getByText(/datos de contacto \(Teléfono: «5555 1234»\)/)).toBeVisible();
  await message.fill(`Rocío te saluda (${tag}) y te cuenta que ya lee cuentos completos. ¡Gracias por acompañarla!`);
  await form.getByRole('button', { name: 'Publicar informe' }).click();
  await expect(staffPage.getByText('Informe publicado. Enviamos un aviso a quien apadrina a Rocío.')).toBeVisible();
  const list = staffPage.getByRole('list', { name: 'Informes de avance' });
  await expect(list.getByText(`Nota interna ${tag}: la familia pidió útiles.`)).toBeVisible();
  await expect(list.getByText('Foto visible para quien apadrina')).toBeVisible();
  await expectAccessible(staffPage, 'ficha con informes');
  await screenshots(staffPage, 'progress-reports-staff-child');

  await staffPage.goto('/admin/apadrinamiento');
  await expect(staffPage.getByRole('heading', { name: 'Reportes pendientes' })).toBeVisible();
  await expectAccessible(staffPage, 'apadrinamiento con reportes pendientes');
  await screenshots(staffPage, 'progress-reports-staff-pending');
  await staffContext.close();

  // The sponsor: the email, then the report in Mi ahijado/a with its photo and without the staff notes.
  // The branded email names its button for the report and links to Mi ahijado/a.
  const link = await waitForEmail(DEMO.donor.email, /Nuevo informe de avance de Roc[\s\S]*?Leer el informe[\s\S]*?(https?:\/\/[^\s"<]+\/donor\/ahijado)/);
  expect(link).toMatch(/\/donor\/ahijado$/);
  await login(page, DEMO.donor.email, DEMO.donor.password);
  await page.goto('/donor/ahijado');
  const report = page.getByRole('listitem').filter({ hasText: tag });
  await expect(report.getByRole('heading', { name: 'Segundo semestre 2026' })).toBeVisible();
  await expect(report.getByText('Escuela: Tercero primaria, asistencia del 94.0%. Leyó su primer libro completo.')).toBeVisible();
  await expect(report.getByRole('img', { name: 'Foto de Rocío en el informe' })).toBeVisible();
  await expect(page.getByText(`Nota interna ${tag}`)).toHaveCount(0);
  await report.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'mi ahijado con informes');
  await screenshots(page, 'progress-reports-sponsor');
});
