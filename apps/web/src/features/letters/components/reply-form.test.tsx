// The staff's reply form in "Cartas" (docs/product.md#sponsorship-letters): a sponsorship number that is
// not a whole number above zero is refused in clear Spanish under its field, without a request (it used
// to show zod's "Entrada inválida: se esperaba número, recibido nulo"); a valid one is sent. A scan of
// a type the API refuses is refused as soon as it is chosen, in the API's words, and the reply does not
// go while it is chosen (it would be stored without its scan). A reply sent empties the file field
// too. A reply stored whose scan the server then refused is never stored again: the next file goes to
// it, and the server's refusal of a scan goes once another file is chosen.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { letterMessages as m, letterScreenText as t } from '@donaciones/shared/messages/letters';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { ReplyForm } from './reply-form';

/** The form alone at `address` (Cartas, or Cartas opened from a child's record), its requests answered by `adapter`. */
function showForm(adapter: ReturnType<typeof fakeAdapter>['adapter'], address = '/admin/cartas') {
  api.defaults.adapter = adapter;
  render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={new QueryClient()}>
        <ReplyForm />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** What the API answers for a stored reply: whose it is. */
const stored = (id: number) => ({ id, sponsorshipId: 12, childFirstName: 'Kevin', sponsorName: 'Diego Morales' });
const storedText = t.replyStored('Kevin', 'Diego Morales', 12);

/** Types sponsorship 12 and the transcription `text`. */
async function fillReply(user: ReturnType<typeof userEvent.setup>, text = 'Hola, gracias por tu carta.') {
  await user.type(screen.getByLabelText(/N\.º de apadrinamiento/), '12');
  await user.type(screen.getByLabelText(new RegExp(t.transcription)), text);
}

describe('the reply form', () => {
  it('refuses "abc", "0" and an empty number in Spanish without sending, and sends 12', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 201, data: stored(29) }));
    showForm(adapter);
    const user = userEvent.setup();
    const number = screen.getByLabelText(/N\.º de apadrinamiento/);
    await user.type(screen.getByLabelText(new RegExp(t.transcription)), 'Hola, gracias por tu carta.');
    for (const typed of ['abc', '0', '1.5', '']) {
      await user.clear(number);
      if (typed) await user.type(number, typed);
      await user.click(screen.getByRole('button', { name: t.uploadReply }));
      expect(await screen.findByText(m.sponsorshipNumberInvalid)).toBeTruthy();
      expect(screen.queryByText(/Entrada inválida|Demasiado pequeño/)).toBeNull();
    }
    expect(requests).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '12');
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    await screen.findByText(storedText);
    expect(requests).toHaveLength(1);
    expect(screen.queryByText(m.sponsorshipNumberInvalid)).toBeNull();
  });

  it('opened from a child\'s record («Subir respuesta»), has the sponsorship\'s number filled in and names whose reply went in', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 201, data: stored(31) }));
    showForm(adapter, '/admin/cartas?respuesta=12');
    const user = userEvent.setup();
    expect(screen.getByLabelText(/N\.º de apadrinamiento/)).toHaveValue('12');
    // The form is under the queue: the transcription, where staff start, has the focus (and comes into view).
    expect(screen.getByLabelText(new RegExp(t.transcription))).toHaveFocus();
    await user.type(screen.getByLabelText(new RegExp(t.transcription)), 'Gracias por los cuadernos.');
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    expect(await screen.findByText('La respuesta de Kevin para Diego Morales (apadrinamiento N.º 12) quedó en revisión.')).toBeTruthy();
    expect(requests.map((r) => (r.data as { sponsorshipId: number }).sponsorshipId)).toEqual([12]);
  });

  it('leaves the number empty when the address carries something else than a number', () => {
    showForm(fakeAdapter(() => ({ status: 201, data: stored(32) })).adapter, '/admin/cartas?respuesta=12abc');
    expect(screen.getByLabelText(/N\.º de apadrinamiento/)).toHaveValue('');
    expect(screen.getByLabelText(new RegExp(t.transcription))).not.toHaveFocus();
  });

  it('refuses a scan of another type (a GIF, a .docx) when chosen and sends nothing until a PDF is chosen', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 201, data: stored(30) }));
    showForm(adapter);
    // The picker's filter is only a hint: a phone offers "Todos los archivos".
    const user = userEvent.setup({ applyAccept: false });
    await fillReply(user);
    const scan = screen.getByLabelText(/Carta escaneada/) as HTMLInputElement;
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    for (const file of [new File(['GIF89a'], 'carta.gif', { type: 'image/gif' }), new File(['PK'], 'carta.docx', { type: docx })]) {
      await user.upload(scan, file);
      expect(await screen.findByText(depositMessages.errors.fileType)).toBeTruthy();
      expect(scan).toHaveAttribute('aria-invalid', 'true');
    }
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    expect(screen.getByText(depositMessages.errors.fileType)).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.upload(scan, new File(['%PDF-1.4'], 'carta.pdf', { type: 'application/pdf' }));
    expect(screen.queryByText(depositMessages.errors.fileType)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    await screen.findByText(storedText);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/letter-replies', 'PUT /admin/letters/30/scan']);
  });

  it('empties the file field once the reply is sent', async () => {
    let replies = 0;
    const { adapter } = fakeAdapter((req) => (req.method === 'POST' ? { status: 201, data: stored(40 + ++replies) } : { status: 204 }));
    showForm(adapter);
    const user = userEvent.setup();
    const scanField = () => screen.getByLabelText(/Carta escaneada/) as HTMLInputElement;
    await fillReply(user);
    await user.upload(scanField(), new File(['%PDF-1.4'], 'carta.pdf', { type: 'application/pdf' }));

    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    await screen.findByText(storedText);
    expect(scanField().files).toHaveLength(0);
    expect(scanField().value).toBe('');
  });

  it('a reply stored whose scan the server refused is not stored again: the next file goes to that reply', async () => {
    let scans = 0;
    const { adapter, requests } = fakeAdapter((req) =>
      req.method === 'POST'
        ? { status: 201, data: { id: 41 } }
        : ++scans === 1
          ? { status: 413, data: { detail: depositMessages.errors.fileTooLarge } }
          : scans === 2
            ? { status: 415, data: { detail: depositMessages.errors.fileType } }
            : { status: 204 },
    );
    showForm(adapter);
    const user = userEvent.setup();
    const scanField = () => screen.getByLabelText(/Carta escaneada/) as HTMLInputElement;
    await fillReply(user);
    await user.upload(scanField(), new File(['%PDF-1.4'], 'enorme.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    expect(await screen.findByText(t.replyWithoutScan(41, depositMessages.errors.fileTooLarge))).toBeTruthy();
    // The reply's text is stored: it is not offered again.
    expect(screen.queryByLabelText(new RegExp(t.transcription))).toBeNull();

    await user.click(screen.getByRole('button', { name: t.attachScan }));
    expect(await screen.findByText(t.chooseScan)).toBeTruthy();
    await user.upload(scanField(), new File(['%PDF-1.4'], 'rara.pdf', { type: 'application/pdf' }));
    expect(screen.queryByText(t.chooseScan)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.attachScan }));
    // The server's word on that file stays until another file is chosen.
    expect(await screen.findByText(depositMessages.errors.fileType)).toBeTruthy();
    await user.upload(scanField(), new File(['%PDF-1.4'], 'carta.pdf', { type: 'application/pdf' }));
    expect(screen.queryByText(depositMessages.errors.fileType)).toBeNull();
    expect(scanField()).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: t.attachScan }));
    await screen.findByText(t.scanAttached);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/letter-replies', 'PUT /admin/letters/41/scan', 'PUT /admin/letters/41/scan', 'PUT /admin/letters/41/scan']);
    // Back to a new reply.
    expect(screen.getByLabelText(new RegExp(t.transcription))).toHaveValue('');
    expect(screen.getByRole('button', { name: t.uploadReply })).toBeTruthy();
  });

  it('after a refused scan, "Subir otra respuesta" leaves the stored reply as it is and offers an empty form', async () => {
    const { adapter, requests } = fakeAdapter((req) => (req.method === 'POST' ? { status: 201, data: { id: 52 } } : 'network-error'));
    showForm(adapter);
    const user = userEvent.setup();
    await fillReply(user, 'Hola.');
    await user.upload(screen.getByLabelText(/Carta escaneada/), new File(['%PDF-1.4'], 'carta.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^La respuesta n\.º 52 quedó en revisión, pero no su carta escaneada: /);
    await user.click(screen.getByRole('button', { name: t.anotherReply }));
    expect(screen.getByLabelText(new RegExp(t.transcription))).toHaveValue('');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
