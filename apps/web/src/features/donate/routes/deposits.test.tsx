// Bank deposits in the browser (docs/product.md#bank-deposits): the "Forma de pago" choice of /donate
// (offered only with a visible account and a one-time gift), the deposit request and instructions,
// and the slip upload form of /boleta with its refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import type { DepositStatus } from '@donaciones/shared/schemas/deposits';
import type { FakeAnswer, RecordedRequest } from '@/test/http';
import { publicDonationAnswer } from '@/test/donation';
import { publicSite } from '@/test/public-site';
import { renderApp } from '@/test/render-app';

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const ACCOUNTS = [
  { id: 'banrural', bank: 'Banrural', account_type: 'monetaria' as const, number: '3-033-01234-5', holder: 'Fundación de Prueba' },
  { id: 'bi', bank: 'Banco Industrial', account_type: 'ahorro' as const, number: '000-123456-7', holder: 'Fundación de Prueba' },
];
const site = (accounts = ACCOUNTS) =>
  publicSite({ organization: { name: 'Fundación de Prueba', phone: '+502 2200 0000', email: 'info@prueba.gt' }, bank_accounts: accounts });

const created = publicDonationAnswer({
  id: 41,
  reference_code: '#MG00000041',
  card_last4: null,
  card_brand: null,
  payment_method: 'bank_deposit',
  deposit_token: 'token-de-prueba',
  created_at: '2026-11-23T18:00:00Z',
});

const status = (over: Partial<DepositStatus> = {}): DepositStatus => ({
  donation: { id: 41, reference_code: '#MG00000041', donor_name: 'Lucía', amount_cents: 18_500, currency: 'GTQ', status: 'pending', created_at: '2026-11-23T18:00:00Z' },
  accepts_slips: true,
  slips: [],
  accounts: ACCOUNTS,
  ...over,
});
const slip = { id: 5, file_name: 'boleta.jpg', content_type: 'image/jpeg' as const, size_bytes: 1200, has_preview: true, bank: 'Banrural', deposit_date: '2026-11-20', slip_number: 'A-77', declared_amount_cents: 18_500, created_at: '2026-11-23T18:05:00Z' };

function open(url: string, answer: (req: RecordedRequest) => FakeAnswer | 'network-error' | Promise<FakeAnswer | 'network-error'> | undefined, accounts = ACCOUNTS) {
  const user = userEvent.setup();
  const view = renderApp(url, { handler: (req) => (req.url === '/public/site' ? { status: 200, data: site(accounts) } : answer(req)) });
  return { user, ...view };
}

async function toDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Q185' }, { timeout: 20_000 }));
  await user.click(screen.getByRole('button', { name: /Continuar donación/ }));
  await screen.findByRole('textbox', { name: /Nombre completo/ }, { timeout: 20_000 });
}

describe('/donate: Tarjeta or Depósito o transferencia bancaria', { timeout: 30_000 }, () => {
  it('a deposit sends no card, shows the accounts, amount and reference with copy buttons, and the upload form', async () => {
    const { user, requests } = open('/donate', (req) => (req.url === '/donate' ? { status: 201, data: created } : undefined));
    await toDetails(user);
    const group = screen.getByRole('group', { name: depositMessages.method.legend });
    expect(within(group).getByRole('radio', { name: depositMessages.method.card })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: depositMessages.method.deposit }));
    expect(screen.queryByRole('textbox', { name: /Número de tarjeta/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /comisión/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/número completo de tu tarjeta/)).not.toBeInTheDocument();
    // The accounts are shown before the gift is registered, so the donor knows where the money goes.
    expect(within(screen.getByTestId('deposit-accounts-before')).getAllByTestId('bank-account').map((a) => a.textContent)).toEqual([
      expect.stringContaining('3-033-01234-5'),
      expect.stringContaining('000-123456-7'),
    ]);
    await user.type(screen.getByRole('textbox', { name: /Nombre completo/ }), 'Lucía Ajú');
    await user.type(screen.getByRole('textbox', { name: /Correo/ }), 'lucia@prueba.gt');
    await user.click(screen.getByRole('button', { name: depositMessages.submit('Q185.00') }));

    const panel = await screen.findByTestId('deposit-panel', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(panel).getByRole('heading', { name: depositMessages.instructions.title })).toHaveFocus());
    const sent = requests.find((r) => r.url === '/donate')!.data as Record<string, unknown>;
    expect(sent).toMatchObject({ paymentMethod: 'bank_deposit', amount: 185, coverFees: false, currency: 'GTQ' });
    expect(sent).not.toHaveProperty('cardLast4');
    expect(within(panel).getByTestId('deposit-amount')).toHaveTextContent('Q185.00');
    expect(within(panel).getByTestId('deposit-reference')).toHaveTextContent('#MG00000041');
    expect(within(panel).getAllByTestId('bank-account').map((a) => a.textContent)).toEqual([
      expect.stringContaining('3-033-01234-5'),
      expect.stringContaining('000-123456-7'),
    ]);
    expect(within(panel).getByRole('button', { name: depositMessages.instructions.copyLabel('referencia de tu donación') })).toBeInTheDocument();
    expect(within(panel).getByText(depositMessages.instructions.emailSent('lucia@prueba.gt'))).toBeInTheDocument();
    expect(within(panel).getByTestId('slip-upload-form')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('no visible account: no choice, the card form as before', async () => {
    const { user } = open('/donate', () => undefined, []);
    await toDetails(user);
    expect(screen.queryByRole('group', { name: depositMessages.method.legend })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Número de tarjeta/ })).toBeInTheDocument();
  });
});

describe('/boleta: the slip upload', { timeout: 30_000 }, () => {
  const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'boleta.jpg', { type: 'image/jpeg' });

  it('by the signed link: sends the file as the body with the declared data, then shows "Recibimos tu boleta"', async () => {
    const { user, requests } = open('/boleta?token=abc', (req) => {
      if (req.url === '/deposit') return { status: 200, data: status() };
      if (req.url === '/donations/41/slip') return { status: 201, data: status({ slips: [slip] }) };
      return undefined;
    });
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    expect(requests.find((r) => r.url === '/deposit')!.config.params).toEqual({ token: 'abc' });
    await user.upload(screen.getByLabelText(new RegExp(depositMessages.upload.file)), jpeg());
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(depositMessages.upload.bank) }), 'Banrural');
    await user.type(screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.slipNumber) }), 'A-77');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));

    expect(await screen.findByText(depositMessages.upload.received)).toBeInTheDocument();
    const sent = requests.find((r) => r.url === '/donations/41/slip')!;
    expect(sent.data).toBeInstanceOf(File);
    expect(sent.headers.get('content-type')).toBe('application/octet-stream');
    expect(sent.config.params).toMatchObject({ bank: 'Banrural', slipNumber: 'A-77', amount: '185.00', fileName: 'boleta.jpg', token: 'abc' });
    expect(screen.getByText('boleta.jpg')).toBeInTheDocument();
    expect(screen.getByText(/20\/11\/2026/)).toBeInTheDocument();
    expect(screen.queryByTestId('slip-upload-form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: depositMessages.upload.sendAnother })).toBeInTheDocument();
  });

  it('takes the slip number in groups and sends it without the spaces; a sign it cannot keep is named under the field', async () => {
    const { user, requests } = open('/boleta?token=abc', (req) => {
      if (req.url === '/deposit') return { status: 200, data: status() };
      if (req.url === '/donations/41/slip') return { status: 201, data: status({ slips: [slip] }) };
      return undefined;
    });
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    await user.upload(screen.getByLabelText(new RegExp(depositMessages.upload.file)), jpeg());
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(depositMessages.upload.bank) }), 'Banrural');
    const number = screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.slipNumber) });
    await user.type(number, 'No. 123 456 789');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    const refusal = 'El número de boleta solo lleva letras, números, espacios y guiones: quita «.»';
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(requests.some((r) => r.url === '/donations/41/slip')).toBe(false);

    await user.clear(number);
    await user.type(number, '123 456 789');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText(depositMessages.upload.received)).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/donations/41/slip')!.config.params).toMatchObject({ slipNumber: '123456789' });
  });

  it('says how much of the file went up with the button disabled; a cut connection says so and the same file goes again', async () => {
    let release!: () => void;
    let attempts = 0;
    const { user, requests } = open('/boleta?token=abc', (req) => {
      if (req.url === '/deposit') return { status: 200, data: status() };
      if (req.url !== '/donations/41/slip') return undefined;
      attempts += 1;
      if (attempts > 1) return { status: 201, data: status({ slips: [slip] }) };
      req.config.onUploadProgress!(45, 100);
      // The connection drops once 45% has gone up.
      return new Promise<'network-error'>((resolve) => (release = () => resolve('network-error')));
    });
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    await user.upload(screen.getByLabelText(new RegExp(depositMessages.upload.file)), jpeg());
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(depositMessages.upload.bank) }), 'Banrural');
    await user.type(screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.slipNumber) }), 'A-77');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));

    const sending = await screen.findByRole('button', { name: depositMessages.upload.sendingPercent('45%') });
    expect(sending).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: depositMessages.upload.progressLabel })).toHaveAttribute('aria-valuenow', '45');
    release();
    expect(await screen.findByText(depositMessages.errors.uploadInterrupted)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: depositMessages.upload.progressLabel })).not.toBeInTheDocument();
    expect(screen.getByText('boleta.jpg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText(depositMessages.upload.received)).toBeInTheDocument();
    const [first, second] = requests.filter((r) => r.url === '/donations/41/slip');
    expect(second.data).toBe(first.data);
  });

  it('an empty form says everything missing at once, the file included', async () => {
    const { user, requests } = open('/boleta?token=abc', (req) => (req.url === '/deposit' ? { status: 200, data: status() } : undefined));
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText(depositMessages.errors.bankRequired)).toBeInTheDocument();
    expect(screen.getByText(depositMessages.errors.fileRequired)).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/donations/41/slip')).toBe(false);
  });

  it('a deposit date before 2000 says the range taken, and the date picker offers none', async () => {
    const { user, requests } = open('/boleta?token=abc', (req) => (req.url === '/deposit' ? { status: 200, data: status() } : undefined));
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    const date = screen.getByLabelText(new RegExp(depositMessages.upload.depositDate));
    expect(date).toHaveAttribute('min', '2000-01-01');
    fireEvent.input(date, { target: { value: '1999-01-01' } });
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText('La fecha del depósito debe estar entre el 01/01/2000 y hoy')).toBeInTheDocument();
    expect(screen.queryByText(depositMessages.errors.depositDateInvalid)).not.toBeInTheDocument();
    expect(requests.some((r) => r.url === '/donations/41/slip')).toBe(false);
  });

  it('shows the server refusal of the file next to it, and catches an oversized file before sending', async () => {
    const { user, requests } = open('/boleta?token=abc', (req) => {
      if (req.url === '/deposit') return { status: 200, data: status() };
      if (req.url === '/donations/41/slip') return { status: 400, data: { detail: depositMessages.errors.fileType, errors: { file: depositMessages.errors.fileType } } };
      return undefined;
    });
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    const input = screen.getByLabelText(new RegExp(depositMessages.upload.file));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'grande.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await screen.findByText(depositMessages.errors.fileTooLarge)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(depositMessages.upload.bank) }), 'Banco Industrial');
    await user.type(screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.slipNumber) }), '123');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(requests.some((r) => r.url === '/donations/41/slip')).toBe(false);

    await user.upload(input, new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46])], 'foto.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText(depositMessages.errors.fileType)).toBeInTheDocument();
  });

  it('refuses a .txt when it is chosen, in the server\'s words, sends nothing, and takes a JPG chosen after it', async () => {
    const { requests } = open('/boleta?token=abc', (req) => {
      if (req.url === '/deposit') return { status: 200, data: status() };
      if (req.url === '/donations/41/slip') return { status: 201, data: status({ slips: [slip] }) };
      return undefined;
    });
    // The picker's filter is only a hint: a phone offers "Todos los archivos".
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    const input = screen.getByLabelText(new RegExp(depositMessages.upload.file));
    await user.upload(input, new File(['boleta'], 'notas.txt', { type: 'text/plain' }));
    expect(await screen.findByText(depositMessages.errors.fileType)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(depositMessages.upload.bank) }), 'Banco Industrial');
    await user.type(screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.slipNumber) }), '123');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(screen.getByText(depositMessages.errors.fileType)).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/donations/41/slip')).toBe(false);

    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'boleta.jpg', { type: 'image/jpeg' }));
    expect(screen.queryByText(depositMessages.errors.fileType)).toBeNull();
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    await waitFor(() => expect(requests.some((r) => r.url === '/donations/41/slip')).toBe(true));
  });

  it('the bank is one of the organisation\'s, and a declared amount other than the gift\'s is pointed out', async () => {
    const { user, requests } = open('/boleta?token=abc', (req) => {
      if (req.url === '/deposit') return { status: 200, data: status() };
      if (req.url === '/donations/41/slip') return { status: 201, data: status({ slips: [slip] }) };
      return undefined;
    });
    await screen.findByTestId('slip-upload-form', {}, { timeout: 20_000 });
    const bank = screen.getByRole('combobox', { name: new RegExp(depositMessages.upload.bank) });
    expect(bank.tagName).toBe('SELECT');
    expect(within(bank).getAllByRole('option').map((o) => o.textContent)).toEqual([depositMessages.upload.bankPlaceholder, 'Banrural', 'Banco Industrial']);
    const amount = screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.amount) });
    expect(screen.queryByTestId('slip-amount-differs')).not.toBeInTheDocument();
    await user.clear(amount);
    // Typed as a Guatemalan writes it (decision 0074): the comma groups thousands.
    await user.type(amount, '1,180.50');
    expect(screen.getByTestId('slip-amount-differs')).toHaveTextContent(depositMessages.upload.amountDiffers('Q1,180.50', 'Q185.00'));
    // Only pointed out: the slip still goes, with the amount the donor declared.
    await user.upload(screen.getByLabelText(new RegExp(depositMessages.upload.file)), jpeg());
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText(depositMessages.errors.bankRequired)).toBeInTheDocument();
    await user.selectOptions(bank, 'Banco Industrial');
    await user.type(screen.getByRole('textbox', { name: new RegExp(depositMessages.upload.slipNumber) }), 'A-78');
    await user.click(screen.getByRole('button', { name: depositMessages.upload.submit }));
    expect(await screen.findByText(depositMessages.upload.received)).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/donations/41/slip')!.config.params).toMatchObject({ bank: 'Banco Industrial', amount: '1,180.50' });
  });

  it('a bad or expired link says so', async () => {
    open('/boleta?token=vencido', (req) => (req.url === '/deposit' ? { status: 403, data: { detail: depositMessages.upload.linkInvalid } } : undefined));
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(depositMessages.upload.linkInvalid);
  });

  it('a decided deposit shows its outcome and no form', async () => {
    open('/boleta?token=abc', (req) => (req.url === '/deposit' ? { status: 200, data: status({ accepts_slips: false, slips: [slip], donation: { ...status().donation, status: 'completed' } }) } : undefined));
    expect(await screen.findByText(depositMessages.upload.completed, {}, { timeout: 20_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('slip-upload-form')).not.toBeInTheDocument());
  });
});

describe('/donor/donations: a pending bank deposit', { timeout: 30_000 }, () => {
  it('links to its slip upload, or says the slip is being checked', async () => {
    const base = { donor_name: 'Ana', donor_email: 'ana@prueba.gt', amount: 185, currency: 'GTQ', donation_type: 'monetary', status: 'pending', description: null, program_name: null, receipt_number: null, created_at: '2026-11-23T18:00:00Z', updated_at: '2026-11-23T18:00:00Z', completed_at: null, payment_method: 'bank_deposit' };
    const list = {
      donations: [
        { ...base, id: 41, reference_code: '#MG00000041', deposit_slips: 0 },
        { ...base, id: 42, reference_code: '#MG00000042', deposit_slips: 1 },
        { ...base, id: 43, reference_code: '#MG00000043', payment_method: 'card', deposit_slips: 0 },
      ],
      total: 3,
      limit: 10,
      offset: 0,
    };
    renderApp('/donor/donations', { user: { roles: ['DONOR'] }, handler: (req) => (req.url === '/users/me/donations' ? { status: 200, data: list } : undefined) });
    const upload = await screen.findAllByRole('link', { name: depositMessages.upload.uploadSlip }, { timeout: 20_000 });
    expect(upload[0]).toHaveAttribute('href', '/donor/donations/41/boleta');
    expect(screen.getAllByRole('link', { name: depositMessages.upload.checking })[0]).toHaveAttribute('href', '/donor/donations/42/boleta');
    // The card donation gets no slip link (the list may render each row twice: table and cards).
    expect(new Set(screen.getAllByTestId('deposit-slip-link').map((l) => l.getAttribute('href')))).toEqual(new Set(['/donor/donations/41/boleta', '/donor/donations/42/boleta']));
  });
});
