// Monthly giving on /donate (docs/product.md#monthly-giving): "Una vez" / "Cada mes", "Cada mes" chosen
// by a "Dona cada mes" link, the impact per month and per year from the impact factors, "al mes" in
// the summary and on the button, `frequency` in the request, and the question before a second
// identical monthly gift.
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DUPLICATE_MONTHLY_GIFT } from '@donaciones/shared/schemas/monthly';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());

const site = publicSite({
  organization: { name: 'Fundación de Prueba', description: 'Acompañamos a la niñez.', phone: '+502 2200 0000', email: 'info@prueba.gt' },
  impact: { quetzales_per_meal: 5, quetzales_per_evangelism_hour: 10, quetzales_per_child: 150, quetzales_per_scholarship: 1000 },
});

const created = (amount: number) => publicDonationAnswer({ amount, recurring_gift_id: 3 });

function open(url: string, donate?: (req: RecordedRequest) => FakeAnswer) {
  const view = renderApp(url, {
    handler: (req) => {
      if (req.url === '/public/site') return { status: 200, data: site };
      if (req.url === '/donate' && donate) return donate(req);
      return undefined;
    },
  });
  return { ...view, user: userEvent.setup() };
}

const onceRadio = () => screen.findByRole('radio', { name: 'Una vez' }, { timeout: 20_000 });
const monthlyRadio = () => screen.getByRole('radio', { name: 'Cada mes' });

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Nombre completo/ }), 'Lucía Hernández');
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'lucia@correo.gt');
  await user.type(screen.getByRole('textbox', { name: /Número de tarjeta/ }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: /Vencimiento/ }), '1230');
  await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
}

describe('/donate "Una vez" / "Cada mes"', { timeout: 20_000 }, () => {
  it('starts on "Una vez", in a named group of radios, and "Cada mes" is chosen by click', async () => {
    const { user } = open('/donate');
    expect(await onceRadio()).toBeChecked();
    expect(screen.getByRole('group', { name: 'Frecuencia de tu donación' })).toContainElement(monthlyRadio());
    await user.click(monthlyRadio());
    expect(monthlyRadio()).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Una vez' })).not.toBeChecked();
  });

  it('a "Dona cada mes" link (/donate?frecuencia=mensual) arrives with "Cada mes" chosen', async () => {
    open('/donate?frecuencia=mensual');
    await onceRadio();
    expect(monthlyRadio()).toBeChecked();
  });

  it('the impact list speaks per month and per year, counted from the impact factors', async () => {
    const { user } = open('/donate?frecuencia=mensual');
    await onceRadio();
    await user.type(screen.getByLabelText(/otro monto/i), '150');
    expect(screen.getByTestId('impact-summary').textContent).toBe('Q150.00 al mes = Q1,800.00 al año:');
    const items = within(screen.getByTestId('impact-list')).getAllByRole('listitem').map((li) => li.textContent);
    // Q150 a month: 30 meals (Q5), 15 hours (Q10), a month for 1 child (Q150); a year (Q1,800): 360, 180, 12, and 1 scholarship (Q1,000).
    expect(items).toEqual([
      'Al mes: 30 refacciones nutritivas en una escuelaAl año: 360 refacciones nutritivas en una escuela',
      'Al mes: 15 horas de formación en valoresAl año: 180 horas de formación en valores',
      'Al mes: un mes de acompañamiento a un niñoAl año: un año de acompañamiento a un niño',
      'Al año: una beca escolar de un año',
    ]);

    // Q100 a month is less than a child's month (Q150), yet 8 months of one child in a year.
    await user.clear(screen.getByLabelText(/otro monto/i));
    await user.type(screen.getByLabelText(/otro monto/i), '100');
    expect(within(screen.getByTestId('impact-list')).getAllByRole('listitem').map((li) => li.textContent)).toContain(
      'Al año: 8 meses de acompañamiento a un niño',
    );
    await user.clear(screen.getByLabelText(/otro monto/i));
    await user.type(screen.getByLabelText(/otro monto/i), '150');

    // "Una vez" speaks of the one amount again.
    await user.click(screen.getByRole('radio', { name: 'Una vez' }));
    expect(screen.queryByTestId('impact-summary')).toBeNull();
    expect(screen.getByText('Con Q150.00 puedes dar:')).toBeInTheDocument();
  });

  it('says "al mes" in the summary and on the button, and sends frequency monthly', async () => {
    const { user, requests } = open('/donate?frecuencia=mensual', () => ({ status: 201, data: created(150) }));
    await onceRadio();
    await user.type(screen.getByLabelText(/otro monto/i), '150');
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    expect((await screen.findByTestId('donate-amount')).textContent).toBe('Q150.00 al mes');
    expect(screen.getByText('Monto mensual')).toBeInTheDocument();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Donar Q150.00 al mes' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(within(dialog).getByText('¡Gracias por tu donación mensual!')).toBeInTheDocument();
    expect(within(dialog).getByTestId('success-amount').textContent).toBe('Q150.00 al mes');
    const sent = requests.filter((r) => r.url === '/donate');
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({ amount: 150, frequency: 'monthly' });
    expect(sent[0].data).not.toHaveProperty('allowDuplicateMonthly');
  });

  it('a one-time gift sends frequency once and its button says nothing of months', async () => {
    const { user, requests } = open('/donate', () => ({ status: 201, data: { ...created(75), recurring_gift_id: null } }));
    await onceRadio();
    await user.click(screen.getByRole('button', { name: 'Q75' }));
    await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    expect((await screen.findByTestId('donate-amount')).textContent).toBe('Q75.00');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Realizar donación' }));
    await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/donate')?.data).toMatchObject({ amount: 75, frequency: 'once' });
  });
});

describe('a second identical monthly gift', { timeout: 20_000 }, () => {
  const duplicateFirst = () => {
    let calls = 0;
    return (req: RecordedRequest): FakeAnswer => {
      calls += 1;
      if (calls === 1 || !(req.data as { allowDuplicateMonthly?: boolean }).allowDuplicateMonthly) {
        return { status: 409, data: { detail: '¿Quieres tener dos donaciones mensuales?', code: DUPLICATE_MONTHLY_GIFT } };
      }
      return { status: 201, data: created(75) };
    };
  };

  async function reachQuestion() {
    const view = open('/donate?frecuencia=mensual', duplicateFirst());
    await onceRadio();
    await view.user.click(screen.getByRole('button', { name: 'Q75' }));
    await view.user.click(screen.getByRole('button', { name: /Continuar donación/ }));
    await fillDetails(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Donar Q75.00 al mes' }));
    const question = await screen.findByRole('alertdialog', { name: '¿Quieres tener dos donaciones mensuales?' }, { timeout: 20_000 });
    return { ...view, question };
  }

  it('asks, and on confirmation sends again with allowDuplicateMonthly under a new key', async () => {
    const { user, requests, question } = await reachQuestion();
    expect(question.textContent).toContain('Q75.00 al mes');
    await user.click(within(question).getByRole('button', { name: 'Sí, quiero dos donaciones' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    expect(within(dialog).getByText('¡Gracias por tu donación mensual!')).toBeInTheDocument();
    const sent = requests.filter((r) => r.url === '/donate');
    expect(sent).toHaveLength(2);
    expect(sent[1].data).toMatchObject({ frequency: 'monthly', allowDuplicateMonthly: true, amount: 75 });
    expect(sent[1].headers.get('Idempotency-Key')).not.toBe(sent[0].headers.get('Idempotency-Key'));
  });

  it('on "No, volver" sends nothing more and keeps the details', async () => {
    const { user, requests, question } = await reachQuestion();
    await user.click(within(question).getByRole('button', { name: 'No, volver' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Nombre completo/ })).toHaveValue('Lucía Hernández');
    expect(requests.filter((r) => r.url === '/donate')).toHaveLength(1);
  });
});
