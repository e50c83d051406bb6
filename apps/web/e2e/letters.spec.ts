// Sponsorship letters against the real server (docs/product.md#sponsorship-letters): a sponsor writes
// a letter holding an email and a phone number, with a photo; staff see both details marked, cannot
// approve with one left unless they give a reason, nor with the photo unreviewed; they redact the text,
// draw a box over the photo with the mouse (decision 0056) and approve; staff type the child's reply
// with its scan, cover part of the scan with a finger and with the keyboard's box fields, and approve
// it; the sponsor then reads the reply, its translation, the redacted scan and their letter as
// approved. Screens at 390 and 1280 px, and axe on each screen.
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, apiToken, expect, login, screenshots, test, expectAccessible } from './fixtures';

const V1 = '/api/v1';

/** A picture with a green "sign" (what staff must cover) on a red background, 300×200 px. */
async function aPictureWithASign(): Promise<Buffer> {
  const sign = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#00c000' } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#d03030' } }).composite([{ input: sign, left: 60, top: 40 }]).removeAlpha().png().toBuffer();
}

/** The colour of one pixel of an image served by the API. */
async function pixelOf(request: APIRequestContext, url: string, token: string, x: number, y: number): Promise<number[]> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const { data } = await sharp(await res.body()).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/** Drags a box on the redaction surface from one fraction of its size to another, as a mouse or a finger does. */
async function drawBox(page: Page, surface: Locator, from: [number, number], to: [number, number], pointerType: 'mouse' | 'touch') {
  await surface.scrollIntoViewIfNeeded();
  const box = (await surface.boundingBox())!;
  const at = ([fx, fy]: [number, number]) => ({ clientX: box.x + box.width * fx, clientY: box.y + box.height * fy });
  if (pointerType === 'mouse') {
    await page.mouse.move(at(from).clientX, at(from).clientY);
    await page.mouse.down();
    await page.mouse.move(at(to).clientX, at(to).clientY, { steps: 5 });
    await page.mouse.up();
    return;
  }
  // A real touch (Chromium turns it into pointer events of type "touch"), through the DevTools protocol.
  const cdp = await page.context().newCDPSession(page);
  const point = (p: [number, number]) => ({ x: at(p).clientX, y: at(p).clientY });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(from)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2])] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(to)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A child created by staff, held and sponsored by the demo donor through the simulated card; waits until the first charge makes it active. */
async function anActiveSponsorship(request: APIRequestContext, tag: string): Promise<{ sponsorshipId: number; childId: number }> {
  const staff = await apiToken(request);
  const child = await request.post(`${V1}/admin/sponsorship/children`, {
    headers: { authorization: `Bearer ${staff}` },
    data: { firstName: 'Marisol', fullName: `Marisol ${tag} Ejemplo`, birthDate: '2016-03-04', department: 'Sololá', community: `Comunidad ${tag}` },
  });
  expect(child.status(), await child.text()).toBe(201);
  const donor = await apiToken(request, DEMO.donor);
  const auth = { authorization: `Bearer ${donor}` };
  const childId = (await child.json()).child.id as number;
  const hold = await request.post(`${V1}/sponsorship/holds`, { headers: auth, data: { childId } });
  expect(hold.status(), await hold.text()).toBe(201);
  const start = await request.post(`${V1}/sponsorship/holds/${(await hold.json()).holdToken}/start`, {
    headers: auth,
    data: { donorName: 'Diego Donante', email: DEMO.donor.email, cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
  });
  expect(start.status(), await start.text()).toBe(201);
  const sponsorshipId = (await start.json()).sponsorshipId as number;
  await expect.poll(async () => (await request.get(`${V1}/users/me/sponsorships/${sponsorshipId}/letters`, { headers: auth })).status(), { timeout: 30_000 }).toBe(200);
  return { sponsorshipId, childId };
}

test('a sponsor writes a letter; staff redact and approve it; the child’s reply appears in the sponsor’s area', async ({ page, browser, request }) => {
  const tag = `E2E${Date.now().toString(36)}`;
  const { sponsorshipId, childId } = await anActiveSponsorship(request, tag);
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
  await page.getByLabel(/Foto \(JPG/).setInputFiles({ name: 'mi-casa.png', mimeType: 'image/png', buffer: await aPictureWithASign() });
  await page.getByRole('button', { name: 'Enviar carta' }).click();
  await expect(page.getByText('Recibimos tu carta')).toBeVisible();
  await expect(page.getByText('En revisión')).toBeVisible();
  await expectAccessible(page, 'cartas del padrino');
  await screenshots(page, 'letters-sponsor-written');

  // Staff: both details marked; approving with one left asks for a reason; both redacted, approved.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await login(staffPage, DEMO.admin.email, DEMO.admin.password);
  await staffPage.goto('/admin/cartas');
  const card = staffPage.locator('section', { hasText: tag }).filter({ hasText: 'De quien apadrina' });
  await expect(card.locator('mark')).toHaveCount(2);
  await expectAccessible(staffPage, 'cola de cartas');
  await screenshots(staffPage, 'letters-staff-queue');
  const phone = card.getByRole('checkbox', { name: /Teléfono/ });
  await phone.uncheck();
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await expect(card.getByText(/datos de contacto sin retirar/)).toBeVisible();
  await phone.check();
  await expect(card.getByTestId('letter-preview')).toHaveText(`Hola Marisol (${tag}), escríbeme a [retirado] o al [retirado]. ¡Un abrazo!`);
  // The photo is neither redacted nor confirmed: approval is refused next to the confirmation.
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await expect(card.getByText('Tapa los datos de contacto de la imagen o confirma que la imagen no muestra datos de contacto')).toBeVisible();
  // A box drawn with the mouse over the green sign (60,40)-(180,120) of the 300×200 photo, then burned in.
  await drawBox(staffPage, card.getByTestId('redaction-surface'), [0.18, 0.18], [0.62, 0.62], 'mouse');
  await expect(card.getByRole('group', { name: 'Recuadro 1' })).toBeVisible();
  await screenshots(staffPage, 'letters-staff-photo-box');
  await card.getByRole('button', { name: 'Tapar en la imagen' }).click();
  await expect(card.getByText('La imagen tiene 1 recuadro tapado.')).toBeVisible();
  await expect(card.getByRole('checkbox', { name: 'La imagen no muestra datos de contacto' })).toHaveCount(0);
  await expectAccessible(staffPage, 'carta con la foto tapada');
  await screenshots(staffPage, 'letters-staff-photo-redacted');
  const letterId = Number((await card.getAttribute('data-testid'))!.replace('letter-', ''));
  await card.getByRole('button', { name: 'Aprobar' }).click();
  await expect(card).toHaveCount(0);
  // What the child will receive (and the sponsor now sees): the sign under an opaque black box.
  const staffToken = await apiToken(request);
  expect(await pixelOf(request, `${V1}/admin/letters/${letterId}/photo`, staffToken, 120, 80)).toEqual([0, 0, 0]);

  // Staff open the reply from the child's record, which fills in the sponsorship's number, type it with its scan, and approve it.
  const scan = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#fdf6ec' } }).png().toBuffer();
  await staffPage.goto(`/admin/apadrinamiento/${childId}`);
  await staffPage.getByTestId('child-sponsors').getByRole('link', { name: 'Subir respuesta' }).click();
  const replyForm = staffPage.locator('form').filter({ has: staffPage.getByLabel('Transcripción') });
  await expect(replyForm.getByLabel('N.º de apadrinamiento')).toHaveValue(String(sponsorshipId));
  await replyForm.getByLabel('Transcripción').fill(`Querido padrino (${tag}): gracias por tu carta, me gusta mucho la escuela.`);
  await replyForm.getByLabel(/Traducción/).fill('Dear godparent: thank you for your letter, I love school.');
  await replyForm.getByLabel(/Carta escaneada/).setInputFiles({ name: 'respuesta.png', mimeType: 'image/png', buffer: scan });
  await replyForm.getByRole('button', { name: 'Subir respuesta de la niña o el niño' }).click();
  await expect(staffPage.getByText(new RegExp(`^La respuesta de Marisol para .+ \\(apadrinamiento N\\.º ${sponsorshipId}\\) quedó en revisión\\.$`))).toBeVisible();
  const reply = staffPage.locator('section', { hasText: tag }).filter({ hasText: 'Respuesta de la niña' });
  // On a phone: one box drawn with a finger, one added and typed with the keyboard, both burned in.
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await drawBox(staffPage, reply.getByTestId('redaction-surface'), [0.2, 0.2], [0.6, 0.6], 'touch');
  await expect(reply.getByRole('group', { name: 'Recuadro 1' })).toBeVisible();
  await reply.getByRole('button', { name: 'Agregar recuadro' }).click();
  const second = reply.getByRole('group', { name: 'Recuadro 2' });
  await expect(second.getByLabel('Desde la izquierda (px)')).toBeFocused();
  await staffPage.keyboard.type('5');
  await second.getByLabel('Desde arriba (px)').fill('70');
  await second.getByLabel('Ancho (px)').fill('50');
  await second.getByLabel('Alto (px)').fill('20');
  await reply.getByRole('button', { name: 'Tapar en la imagen' }).click();
  await expect(reply.getByText('El recuadro 2 sale de la imagen (mide 60 × 80 píxeles)')).toBeVisible();
  await second.getByLabel('Alto (px)').fill('10');
  await reply.getByRole('button', { name: 'Tapar en la imagen' }).click();
  await expect(reply.getByText('La imagen tiene 2 recuadros tapados.')).toBeVisible();
  await screenshots(staffPage, 'letters-staff-scan-redacted');
  const replyId = Number((await reply.getAttribute('data-testid'))!.replace('letter-', ''));
  await reply.getByRole('button', { name: 'Aprobar' }).click();
  await expect(reply).toHaveCount(0);
  await staffContext.close();

  // The sponsor reads the reply with its translation and scan, and sees their letter approved.
  await page.goto(lettersPath);
  await expect(page.getByText(`Querido padrino (${tag})`)).toBeVisible();
  await expect(page.getByText('Dear godparent: thank you for your letter, I love school.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Carta escaneada de tu ahijado o ahijada' })).toBeVisible();
  // The sponsor's copies are the redacted ones: the typed box (5,70)+(50×10) of the scan and their own photo's box are black.
  const donorToken = await apiToken(request, DEMO.donor);
  expect(await pixelOf(request, `${V1}/users/me/letters/${replyId}/scan`, donorToken, 25, 75)).toEqual([0, 0, 0]);
  expect(await pixelOf(request, `${V1}/users/me/letters/${letterId}/photo`, donorToken, 120, 80)).toEqual([0, 0, 0]);
  await expect(page.getByText('Aprobada')).toBeVisible();
  await expectAccessible(page, 'cartas del padrino con respuesta');
  await screenshots(page, 'letters-sponsor-reply');
});
