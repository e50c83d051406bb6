// Corrections of a recorded gift from staff's side against the real server (docs/product.md#the-donation-ledger,
// decision 0041): a FINANCE member corrects a pending deposit's amount to what arrived (the same amount
// refused first), approves it, then voids it with a reason; the "Correcciones" card lists both, the
// status reads Anulada. Staff without corrections.manage never see the buttons. Screenshots at 390 and
// 1280 px, and an axe check of the page and of the open dialog.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiToken, expect, login, screenshots, test, uniqueEmail } from './fixtures';

const STAFF = {
  finance: { email: 'finanzas@ejemplo.org', password: 'Demo1234' },
  communications: { email: 'comunicacion@ejemplo.org', password: 'Demo1234' },
  volunteer: { email: 'voluntariado@ejemplo.org', password: 'Demo1234' },
} as const;

const BUTTONS = /Anular donación|Corregir monto|Reabrir/;

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(blocking, what).toEqual([]);
}

/** A gift by bank deposit from /donate, pending until staff approve it. */
async function deposit(request: APIRequestContext, donorName: string, amount: number): Promise<{ id: number }> {
  const res = await request.post('/api/v1/donate', {
    headers: { 'idempotency-key': `e2e-correction-${randomBytes(6).toString('hex')}` },
    data: { donorName, email: uniqueEmail('correccion'), amount, paymentMethod: 'bank_deposit', acceptTerms: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

test.describe('corrections of a gift', () => {
  test('FINANCE corrects a deposit amount, approves it and voids it, each with a reason', async ({ page, request }) => {
    const gift = await deposit(request, 'Lucía Ajú', 500);

    await login(page, STAFF.finance.email, STAFF.finance.password);
    await page.goto(`/admin/donations/${gift.id}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Correcciones' }) });
    await expect(card.getByText('Esta donación no tiene correcciones.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Anular donación' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Corregir monto' }).click();
    const adjust = page.getByRole('alertdialog', { name: /Corregir el monto de/ });
    await expect(adjust).toContainText('Q500.00');
    await adjust.getByLabel(/Monto que llegó/).fill('500.00');
    await adjust.getByLabel(/Motivo/).fill('Al banco llegaron Q450.50');
    await adjust.getByRole('button', { name: 'Guardar monto' }).click();
    await expect(adjust.getByText(/Es el mismo monto que ya tiene la donación/)).toBeVisible();
    await expectAccessible(page, 'Corregir monto, con un error');
    await screenshots(page, 'corrections-adjust-error');
    await adjust.getByLabel(/Monto que llegó/).fill('450.50');
    await adjust.getByRole('button', { name: 'Guardar monto' }).click();
    await expect(page.getByText(/ahora es de Q450\.50/)).toBeVisible();
    await expect(adjust).toHaveCount(0);
    const list = card.getByRole('list', { name: 'Correcciones de la donación' });
    await expect(list).toContainText('Monto ajustado');
    await expect(list).toContainText('Q500.00 → Q450.50');

    // Approved through the API (the approval itself is tested in deposit-review.spec.ts).
    const token = await apiToken(request, STAFF.finance);
    const approve = await request.post(`/api/v1/admin/donations/${gift.id}/approve`, { headers: { authorization: `Bearer ${token}` } });
    expect(approve.status(), await approve.text()).toBe(200);
    await page.reload();

    await card.getByRole('button', { name: 'Anular donación' }).click();
    const voiding = page.getByRole('alertdialog', { name: /¿Anular la donación/ });
    await expect(voiding).toContainText('Q450.50');
    await expect(voiding).toContainText('su recibo queda anulado');
    await voiding.getByRole('button', { name: 'Anular donación' }).click();
    await expect(voiding.getByText('Escribe el motivo de la corrección')).toBeVisible();
    await voiding.getByLabel(/Motivo/).fill('La donación se registró dos veces');
    await screenshots(page, 'corrections-void-dialog');
    await voiding.getByRole('button', { name: 'Anular donación' }).click();
    await expect(page.getByText(/Anulamos la donación/)).toBeVisible();
    await expect(voiding).toHaveCount(0);

    await expect(list.getByTestId('correction')).toHaveCount(2);
    await expect(list).toContainText('Anulación');
    await expect(list).toContainText('Completada → Anulada');
    await expect(list).toContainText('La donación se registró dos veces');
    await expect(page.getByText('Anulada').first()).toBeVisible();
    await expect(card.getByRole('button', { name: BUTTONS })).toHaveCount(0);
    await expectAccessible(page, 'la donación anulada con sus correcciones');
    await screenshots(page, 'corrections-voided');
  });

  test('a COMMUNICATIONS member never sees the buttons (nor the page), and the API refuses a void', async ({ page, request }) => {
    const gift = await deposit(request, 'Marta Cux', 300);
    await login(page, STAFF.communications.email, STAFF.communications.password);
    await page.goto(`/admin/donations/${gift.id}`);
    await expect(page.getByText('No tienes permiso para ver esta página')).toBeVisible();
    await expect(page.getByRole('button', { name: BUTTONS })).toHaveCount(0);
    const token = await apiToken(request, STAFF.communications);
    const voiding = await request.post(`/api/v1/admin/donations/${gift.id}/void`, { headers: { authorization: `Bearer ${token}` }, data: { reason: 'prueba' } });
    expect(voiding.status()).toBe(403);
  });

  test('a VOLUNTEER reads the corrections but corrects nothing, and the page asks for nothing a VOLUNTEER may not read', async ({ page, request }) => {
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 403) refused.push(new URL(res.url()).pathname);
    });
    const gift = await deposit(request, 'Marta Cux', 300);
    await login(page, STAFF.volunteer.email, STAFF.volunteer.password);
    await page.goto(`/admin/donations/${gift.id}`);
    await expect(page.getByRole('heading', { name: 'Correcciones' })).toBeVisible();
    await expect(page.getByText('Esta donación no tiene correcciones.')).toBeVisible();
    await expect(page.getByRole('button', { name: BUTTONS })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    // No donor contact details nor receipt (donors.read): not shown, and not asked for.
    expect(refused).toEqual([]);
    await expect(page.getByRole('button', { name: 'Descargar recibo' })).toHaveCount(0);
  });
});
