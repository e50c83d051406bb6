// The programme choice on /donate (docs/product.md#designation): shown only when the settings offer
// it, with "Donde más se necesite" chosen and no "Próximamente" programme; the chosen programme goes
// in the request, none sends no programId, and the server's refusal (a programme closed meanwhile)
// brings the donor back to step 1 with the reason next to the choice.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicProgram } from '@donaciones/shared/schemas/public-site';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());

const program = (id: number, name: string, comingSoon = false): PublicProgram => ({
  id,
  slug: `p-${id}`,
  name,
  description: `Descripción de ${name}`,
  highlight_value: '',
  highlight_label: '',
  coming_soon: comingSoon,
  goal_amount: 1000,
  current_amount: 0,
  progress_percentage: 0,
});
const PROGRAMS = [program(1, 'Comedor escolar'), program(2, 'Becas', true)];

const created = publicDonationAnswer({ amount: 75 });

function open(offered: boolean, donate?: (req: RecordedRequest) => FakeAnswer) {
  const site = { ...publicSite({ system: { checkout_programs: offered } }), programs: PROGRAMS };
  const view = renderApp('/donate', {
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: site };
      if (req.url === '/donate' && donate) return donate(req);
      return undefined;
    },
  });
  return { ...view, user: userEvent.setup() };
}

async function giveQ75(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Q75' }));
  await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
  await user.type(await screen.findByRole('textbox', { name: /Nombre completo/ }), 'Lucía Hernández');
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'lucia@correo.gt');
  await user.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
  await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
  await user.click(screen.getByRole('button', { name: 'Realizar donación' }));
}

const question = () => screen.findByRole('group', { name: '¿A qué programa va tu donación?' }, { timeout: 20_000 });

describe('/donate "¿A qué programa va tu donación?"', { timeout: 20_000 }, () => {
  it('is not asked while the settings do not offer the programmes, and no programId is sent', async () => {
    const { user, requests } = open(false, () => ({ status: 201, data: created }));
    await screen.findByRole('radio', { name: 'Una vez' }, { timeout: 20_000 });
    expect(screen.queryByRole('group', { name: '¿A qué programa va tu donación?' })).toBeNull();
    await giveQ75(user);
    await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/donate')?.data).not.toHaveProperty('programId');
  });

  it('offers the open programmes after "Donde más se necesite" (chosen), and sends the chosen one', async () => {
    const { user, requests } = open(true, () => ({ status: 201, data: created }));
    const group = await question();
    expect(within(group).getByRole('radio', { name: /Donde más se necesite/ })).toBeChecked();
    expect(within(group).queryByRole('radio', { name: /Becas/ })).toBeNull();
    await user.click(within(group).getByRole('radio', { name: /Comedor escolar/ }));
    expect(within(group).getByRole('radio', { name: /Comedor escolar/ })).toBeChecked();
    await giveQ75(user);
    await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ amount: 75, programId: 1 });
  });

  it('a programme refused by the server brings the donor back to the choice with the reason', async () => {
    const reason = 'Ese programa ya no recibe donaciones. Elige otro o "Donde más se necesite".';
    const { user } = open(true, () => ({ status: 400, data: { detail: reason, errors: { programId: reason } } }));
    await user.click(within(await question()).getByRole('radio', { name: /Comedor escolar/ }));
    await giveQ75(user);
    const group = await question();
    expect(await within(group).findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(reason);
    await user.click(within(group).getByRole('radio', { name: /Donde más se necesite/ }));
    expect(within(group).queryByRole('alert')).toBeNull();
  });
});
