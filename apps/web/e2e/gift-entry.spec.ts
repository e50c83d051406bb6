// Staff gift entry in the browser (docs/product.md#staff-gift-entry): FINANCE records a cheque received
// (refused first with the Spanish errors next to each field, then completed with its receipt); a
// VOLUNTEER enters cash, a transfer, a deposit for a donor picked from Donantes, and a gift in kind,
// each pending; a cash gift received without email shows its receipt to print, not to re-send.
// Screenshots at 390 and 1280 px; axe finds nothing serious on the form with its errors.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { guatemalaDay } from '@donaciones/shared/format';
import { apiToken, expect, login, screenshots, statusError, test, uniqueEmail } from './fixtures';

const STAFF = {
  finance: { email: 'finanzas@ejemplo.org', password: 'Demo1234' },
  volunteer: { email: 'voluntariado@ejemplo.org', password: 'Demo1234' },
} as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Letters only, so that each run's donors are its own. */
const tag = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function openForm(page: Page) {
  await page.goto('/donations/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrar una donación' })).toBeVisible();
  return page.getByRole('form', { name: 'Registrar una donación' });
}

async function submitAndGetId(page: Page, toast: string): Promise<number> {
  await page.getByRole('button', { name: 'Registrar donación' }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(page).toHaveURL(/\/donations\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test.describe('staff gift entry', () => {
  test('FINANCE records a cheque received: Spanish errors next to each field, then completed with its receipt', async ({ page, request, allowConsoleErrors }) => {
    // The server's refusals (the maximum, CF from Q2,500) are 400 answers, shown on their fields.
    allowConsoleErrors(statusError(400));
    const name = `Héctor Monterroso ${tag()}`;
    await login(page, STAFF.finance.email, STAFF.finance.password);
    const form = await openForm(page);
    await form.getByLabel('Forma de pago').selectOption('cheque');
    await form.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(form.getByText('El nombre del donante es requerido')).toBeVisible();
    await expect(form.getByText('Indica el número de cheque')).toBeVisible();
    await expect(form.getByText('Indica el banco del cheque')).toBeVisible();
    await expect(form.getByText('Escribe el monto que se recibió')).toBeVisible();
    await expect(form.getByLabel('Número de cheque')).toHaveAttribute('aria-invalid', 'true');
    const tomorrow = guatemalaDay(new Date(Date.now() + 2 * 86_400_000));
    await form.getByLabel('Fecha en que se recibió').fill(tomorrow);
    await form.getByLabel('Fecha en que se recibió').blur();
    await expect(form.getByText('La fecha en que se recibió no puede ser futura')).toBeVisible();
    await screenshots(page, 'gift-entry-errors');
    const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await form.getByLabel('Fecha en que se recibió').fill(guatemalaDay(new Date(Date.now() - 86_400_000)));
    await form.getByLabel('Nombre del donante').fill(name);
    await form.getByLabel('Correo del donante').fill(uniqueEmail('cheque'));
    await form.getByLabel('Número de cheque').fill('000781');
    await form.getByLabel('Banco del cheque').fill('Banrural');
    // The settings' maximum (Q50,000), checked by the server, shown next to the amount.
    await form.getByLabel(/^Monto/).fill('60000');
    await form.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(form.getByText('El monto máximo de donación es Q50,000.00')).toBeVisible();
    await expect(form.getByLabel(/^Monto/)).toHaveAttribute('aria-invalid', 'true');
    // From Q2,500 the donor must be identified: CF (blank) is refused on the NIT field.
    await form.getByLabel(/^Monto/).fill('3000');
    await form.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(form.getByText(/Q2,500/).first()).toBeVisible();
    await expect(form.getByLabel(/NIT, CUI o CF/)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Para donaciones de Q2,500 o más se necesita el NIT o CUI del donante; CF no aplica')).toBeVisible();
    // The demo donor's NIT, typed for a new donor of another name: refused, never attached to him.
    await form.getByLabel(/NIT, CUI o CF/).fill('1234567-9');
    await form.getByRole('button', { name: 'Registrar donación' }).click();
    await expect(form.getByText(/Este NIT o CUI ya es de un donante registrado con otro nombre/)).toBeVisible();
    await expect(form.getByLabel(/NIT, CUI o CF/)).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel(/NIT, CUI o CF/).fill('7766554-6');
    await form.getByRole('checkbox', { name: /Ya se recibió/ }).check();
    const id = await submitAndGetId(page, 'Donación registrada y recibo emitido');
    // Entered for yesterday: its review page dates it by that day, with no invented hour.
    const [y, m, d] = guatemalaDay(new Date(Date.now() - 86_400_000)).split('-');
    await expect(page.getByRole('definition').filter({ hasText: new RegExp(`^${d}/${m}/${y}$`) }).first()).toBeVisible();

    const review = await request.get(`/api/v1/admin/donations/${id}/review`, { headers: { authorization: `Bearer ${await apiToken(request, STAFF.finance)}` } });
    expect((await review.json()).donation).toMatchObject({ status: 'APPROVED', payment_method: 'cheque', donor_name: name });
  });

  test('a cash gift received without the donor\'s email: its receipt is printed, or re-sent once staff add an email to the donor\'s record', async ({ page, allowConsoleErrors }) => {
    // The first re-send is refused by the API on purpose: nobody has an email yet.
    allowConsoleErrors(statusError(409));
    await login(page, STAFF.finance.email, STAFF.finance.password);
    const form = await openForm(page);
    const name = `Mateo Xol ${tag()}`;
    await form.getByLabel('Nombre del donante').fill(name);
    await form.getByLabel(/^Monto/).fill('90');
    await form.getByRole('checkbox', { name: /Ya se recibió/ }).check();
    const id = await submitAndGetId(page, 'Donación registrada y recibo emitido');

    await page.goto(`/admin/donations/${id}`);
    await expect(page.getByTestId('receipt-number')).toBeVisible();
    const receipt = (await page.getByTestId('receipt-number').textContent())!.trim();
    await expect(page.getByRole('button', { name: 'Descargar recibo' })).toBeVisible();
    await expect(page.getByText('Esta donación se registró sin correo: entrega el recibo impreso (Descargar recibo), o agrega el correo en la ficha del donante y usa Reenviar recibo.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reenviar constancia anual' })).toHaveCount(0);
    await screenshots(page, 'gift-entry-no-email-receipt');
    await page.getByRole('button', { name: 'Reenviar recibo' }).click();
    await expect(page.getByText('Ni esta donación ni la ficha de su donante tienen correo: entrega el recibo impreso (Descargar recibo).')).toBeVisible();

    // The email given later goes on the donor's record; the receipt then goes there.
    const email = uniqueEmail('mateo.xol');
    await page.goto('/admin/donantes');
    await page.getByRole('searchbox', { name: 'Buscar donantes' }).fill(name);
    await page.getByRole('table', { name: 'Donantes' }).getByRole('link', { name: `Ver la página de ${name}` }).click();
    await page.getByRole('button', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar donante' });
    await dialog.getByRole('textbox', { name: /Correos/ }).fill(email);
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`/admin/donations/${id}`);
    await page.getByRole('button', { name: 'Reenviar recibo' }).click();
    await expect(page.getByText(`Recibo ${receipt} reenviado a ${email}.`)).toBeVisible();
  });

  test('a VOLUNTEER enters cash, a transfer, a deposit for a donor from Donantes and a gift in kind, each pending', async ({ page, request }) => {
    const who = tag();
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, STAFF.volunteer.email, STAFF.volunteer.password);
    let form = await openForm(page);
    // Cash from a new donor without email; no "Ya se recibió" for a VOLUNTEER.
    await expect(form.getByRole('checkbox', { name: /Ya se recibió/ })).toHaveCount(0);
    await form.getByLabel('Nombre del donante').fill(`Petrona Chuc ${who}`);
    await form.getByLabel(/^Monto/).fill('150');
    await screenshots(page, 'gift-entry-cash');
    const cash = await submitAndGetId(page, 'Donación registrada');

    form = await openForm(page);
    await form.getByLabel('Nombre del donante').fill(`Marta Xol ${who}`);
    await form.getByLabel('Correo del donante').fill(uniqueEmail('transfer'));
    await form.getByLabel('Forma de pago').selectOption('transfer');
    await form.getByLabel(/^Referencia/).fill('TRF-55120');
    await form.getByLabel(/^Monto/).fill('700');
    const transfer = await submitAndGetId(page, 'Donación registrada');

    // The same donor again, picked from Donantes (masked email shown), by deposit.
    form = await openForm(page);
    await form.getByRole('radio', { name: 'Ya está en Donantes' }).check();
    await form.getByLabel('Buscar en Donantes').fill(`Marta Xol ${who}`);
    await form.getByRole('button', { name: `Elegir a Marta Xol ${who}` }).click();
    await expect(form.getByText(`Donante elegido: Marta Xol ${who}`)).toBeVisible();
    await form.getByLabel('Forma de pago').selectOption('deposit');
    await form.getByLabel(/^Referencia/).fill('BOL-99812');
    await form.getByLabel(/^Monto/).fill('250');
    await screenshots(page, 'gift-entry-existing-donor');
    const deposit = await submitAndGetId(page, 'Donación registrada');

    form = await openForm(page);
    await form.getByLabel('Nombre del donante').fill(`Librería Central ${who}`);
    await form.getByLabel('Forma de pago').selectOption('in_kind');
    await form.getByLabel('Qué se recibió').fill('30 mochilas con útiles escolares');
    await form.getByLabel('Cómo se valoró').fill('Factura de compra');
    await form.getByLabel(/^Monto/).fill('1800');
    await screenshots(page, 'gift-entry-in-kind');
    const inKind = await submitAndGetId(page, 'Donación registrada');

    const auth = { authorization: `Bearer ${await apiToken(request)}` };
    const methods: Record<number, string> = { [cash]: 'cash', [transfer]: 'bank_transfer', [deposit]: 'bank_deposit', [inKind]: 'in_kind' };
    for (const [id, method] of Object.entries(methods)) {
      const { donation } = await (await request.get(`/api/v1/admin/donations/${id}/review`, { headers: auth })).json();
      expect(donation).toMatchObject({ status: 'PENDING', payment_method: method });
    }
    const transferRow = (await (await request.get(`/api/v1/admin/donations/${transfer}/review`, { headers: auth })).json()).donation;
    const depositRow = (await (await request.get(`/api/v1/admin/donations/${deposit}/review`, { headers: auth })).json()).donation;
    expect(depositRow.donor_email).toBe(transferRow.donor_email);
  });
});
