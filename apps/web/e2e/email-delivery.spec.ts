// The email rate on Configuración (docs/product.md#email): an admin sees the card, a rate out of range
// is refused next to its field in Spanish, and a valid one is saved on the server and kept on reload.
import { expect, login, DEMO, screenshots, test } from './fixtures';

test('the admin sets the emails per minute and the days sent emails are kept', async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Envío de correos' });
  const rate = form.getByLabel(/Correos por minuto/);
  await expect(rate).not.toHaveValue('');
  const original = await rate.inputValue();

  await rate.fill('0');
  await form.getByRole('button', { name: 'Guardar envío de correos' }).click();
  await expect(form.getByText('Indica entre 1 y 10,000 correos por minuto')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await screenshots(page, 'email-delivery-error');

  await rate.fill('1500');
  await expect(form.getByText('45,000 constancias anuales tardan 30 minutos')).toBeVisible();
  await form.getByRole('button', { name: 'Guardar envío de correos' }).click();
  await expect(form.getByText('Envío de correos guardado')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Envío de correos' }).getByLabel(/Correos por minuto/)).toHaveValue('1500');

  // Leave the setting as it was for the other tests.
  const again = page.getByRole('form', { name: 'Envío de correos' });
  await again.getByLabel(/Correos por minuto/).fill(original);
  await again.getByRole('button', { name: 'Guardar envío de correos' }).click();
  await expect(again.getByText('Envío de correos guardado')).toBeVisible();
});
