// The sponsorship settings on Configuración (docs/product.md#sponsorship): an admin sees the card,
// an amount or minutes out of range are refused next to their field in Spanish, a valid amount is
// saved, kept on reload, and shown at once on /apadrina; the values are put back for the other specs.
import { expect, login, DEMO, screenshots, test } from './fixtures';

test('the admin sets the monthly amount of a sponsorship and /apadrina shows it', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Apadrinamiento' });
  const amount = form.getByLabel(/Cuota mensual/);
  const minutes = form.getByLabel(/Reserva mientras se paga/);
  await expect(amount).not.toHaveValue('');
  const original = { amount: await amount.inputValue(), minutes: await minutes.inputValue() };

  await amount.fill('0');
  await minutes.fill('2');
  await form.getByRole('button', { name: 'Guardar apadrinamiento' }).click();
  await expect(form.getByText('Indica una cuota entera entre Q1 y Q100,000')).toBeVisible();
  await expect(form.getByText('Indica entre 5 y 1,440 minutos (24 horas)')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await screenshots(page, 'sponsorship-settings-error');

  const next = original.amount === '275' ? '280' : '275';
  await amount.fill(next);
  await minutes.fill('45');
  await form.getByRole('button', { name: 'Guardar apadrinamiento' }).click();
  await expect(form.getByText('Apadrinamiento guardado')).toBeVisible();
  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Apadrinamiento' });
  await expect(reloaded.getByLabel(/Cuota mensual/)).toHaveValue(next);
  await expect(reloaded.getByLabel(/Reserva mientras se paga/)).toHaveValue('45');

  await page.goto('/apadrina');
  await expect(page.getByRole('button', { name: new RegExp(`Apadrinar por Q\\s?${next}`) }).first()).toBeVisible();

  // Leave the settings as they were for the other tests.
  await page.goto('/admin/settings');
  const again = page.getByRole('form', { name: 'Apadrinamiento' });
  await again.getByLabel(/Cuota mensual/).fill(original.amount);
  await again.getByLabel(/Reserva mientras se paga/).fill(original.minutes);
  await again.getByRole('button', { name: 'Guardar apadrinamiento' }).click();
  await expect(again.getByText('Apadrinamiento guardado')).toBeVisible();
});
