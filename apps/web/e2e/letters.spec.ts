// Sponsorship letters against the real server (docs/product.md#sponsorship-letters): a sponsor writes
// a letter holding an email and a phone number; staff see both marked, cannot approve with one left
// unless they give a reason, redact them and approve; staff type the child's reply with its scan and
// approve it; the sponsor then reads the reply, its translation and their letter as approved.
// Screens at 390 and 1280 px, and axe on both new screens.
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, apiToken, expect, login, screenshots, test } from './fixtures';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const V1 = '/api/v1';

async function axe(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes[0]?.target)}`);
  expect(blocking, label).toEqual([]);
}

/** A child created by staff, held and sponsored by the demo donor through the simulated card; waits until the first charge makes it active. */
async function anActiveSponsorship(request: APIRequestContext, tag: string): Promise<number> {
  const staff = await apiToken(request);
  const child = await request.post(`${V1}/admin/sponsorship/children`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { firstName: 'Marisol', fullName: `Marisol ${tag} Ejemplo`, birthDate: '2016-03-04', department: 'Sololá', community: `Comunidad ${tag}` },
  });
  expect(child.status(), await child.text()).toBe(201);
  const donor = await apiToken(request, DEMO.donor);
  const auth = { authorization: `Bearer ${donor}` };
  const hold = await request.post(`${V1}/sponsorship/holds`, { headers: auth, data: { childId: (await child.json()).child.id } });
  expect(hold.status(), await hold.text()).toBe(201);
  const start = await request.post(`${V1}/sponsorship/holds/${(await hold.json()).holdToken}/start`, {
    headers: auth,
    data: { donorName: 'Diego Donante', email: DEMO.donor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
  });
  expect(start.status(), await start.text()).toBe(201);
  const sponsorshipId = (await start.json()).sponsorshipId as number;
  await expect.poll(async () => (await request.get(`${V1}/users/me/sponsorships/${sponsorshipId}/letters`, { headers: auth })).status(), { timeout: 30_000 }).toBe(200);
  return sponsorshipId;
}

test('a sponsor writes a letter; staff redact and approve it; the child’s reply appears in the sponsor’s area', async ({ page, browser, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const sponsorshipId = await anActiveSponsorship(request, tag);
  const lettersPath = `/donor/ahijado/${sponsorshipId}/cartas`;

  // The sponsor writes: a too-short letter is refused next to the field, then a letter with contact details.
  await login(page, DEMO.donor.email, DEMO.donor.password);
  await page.goto(lettersPath);
  await expect(page.getByRole('heading', { name: 'Cartas con Marisol' })).toBeVisible();
  const text = page.getByLabel('Tu carta');
  await text.fill('Hola');
  await page.getByRole('button', { name: 'Enviar carta' }).click();
  await expect(page.getByText('Escribe al menos 20 caracteres')).toBeVisible();
  await text.fill(`Hola Marisol (${tag}), escríbeme a padrino.demo@example.com o al 5555-1234. ¡Un abrazo!`);
  await expect(page.getByText(/parece incluir datos de contacto/)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar carta' }).click();
  await expect(page.getByText('Recibimos tu carta')).toBeVisible();
  await expect(page.getByText('En revisión')).toBeVisible();
  await axe(page, 'cartas del padrino');
  await screenshots(page, 'letters-sponsor-written');

  // Staff: both details marked; approving with one left asks for a reason; both redacted, approved.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await login(staffPage, DEMO.admin.email, DEMO.admin.password);
  await staffPage.goto('/admin/cartas');
  const card = staffPage.locator('section', { hasText: tag }).filter({ hasText: 'De quien apadrina' });
  await expect(card.locator('mark')).toHaveCount(2);
  await axe(staffPage, 'cola de cartas');
  await screenshots(staffPage, 'letters-staff-queue');
  const phone = card.getByRole('checkbox', { name: /Teléfono/ });
  await phone.uncheck();
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await expect(card.getByText(/datos de contacto sin retirar/)).toBeVisible();
  await phone.check();
  await expect(card.getByTestId('letter-preview')).toHaveText(`Hola Marisol (${tag}), escríbeme a [retirado] o al [retirado]. ¡Un abrazo!`);
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await expect(card).toHaveCount(0);

  // Staff type the child's reply with its scan, and approve it.
  const scan = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#fdf6ec' } }).png().toBuffer();
  const replyForm = staffPage.locator('form').filter({ has: staffPage.getByLabel('Transcripción') });
  await replyForm.getByLabel('N.º de apadrinamiento').fill(String(sponsorshipId));
  await replyForm.getByLabel('Transcripción').fill(`Querido padrino (${tag}): gracias por tu carta, me gusta mucho la escuela.`);
  await replyForm.getByLabel(/Traducción/).fill('Dear godparent: thank you for your letter, I love school.');
  await replyForm.getByLabel(/Carta escaneada/).setInputFiles({ name: 'respuesta.png', mimeType: 'image/png', buffer: scan });
  await replyForm.getByRole('button', { name: 'Subir respuesta de la niña o el niño' }).click();
  await expect(staffPage.getByText('La respuesta quedó en revisión.')).toBeVisible();
  const reply = staffPage.locator('section', { hasText: tag }).filter({ hasText: 'Respuesta de la niña' });
  await reply.getByRole('button', { name: 'Aprobar' }).click();
  await expect(reply).toHaveCount(0);
  await staffContext.close();

  // The sponsor reads the reply with its translation and scan, and sees their letter approved.
  await page.goto(lettersPath);
  await expect(page.getByText(`Querido padrino (${tag})`)).toBeVisible();
  await expect(page.getByText('Dear godparent: thank you for your letter, I love school.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Carta escaneada de tu ahijado o ahijada' })).toBeVisible();
  await expect(page.getByText('Aprobada')).toBeVisible();
  await axe(page, 'cartas del padrino con respuesta');
  await screenshots(page, 'letters-sponsor-reply');
});
