// The staff's reply form in "Cartas" (docs/product.md#sponsorship-letters): a sponsorship number that is
// not a whole number above zero is refused in clear Spanish under its field, without a request (it used
// to show zod's "Entrada inválida: se esperaba número, recibido nulo"); a valid one is sent. A scan of
// a type the API refuses is refused as soon as it is chosen, in the API's words, and the reply does not
// go while it is chosen (it would be stored without its scan). A reply sent empties the file field
// too, and the server's refusal of a scan goes once another file is chosen.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { letterMessages as m, letterScreenText as t } from '@donaciones/shared/messages/letters';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { ReplyForm } from './reply-form';

describe('the reply form', () => {
  it('refuses "abc", "0" and an empty number in Spanish without sending, and sends 12', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 201, data: {} }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReplyForm />
      </QueryClientProvider>,
    );
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
    await screen.findByText('La respuesta quedó en revisión.');
    expect(requests).toHaveLength(1);
    expect(screen.queryByText(m.sponsorshipNumberInvalid)).toBeNull();
  });

  it('refuses a scan of another type (a GIF, a .docx) when chosen and sends nothing until a PDF is chosen', async () => {
    const { adapter, requests } = fakeAdapter(() => ({ status: 201, data: { id: 30 } }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReplyForm />
      </QueryClientProvider>,
    );
    // The picker's filter is only a hint: a phone offers "Todos los archivos".
    const user = userEvent.setup({ applyAccept: false });
    await user.type(screen.getByLabelText(/N\.º de apadrinamiento/), '12');
    await user.type(screen.getByLabelText(new RegExp(t.transcription)), 'Hola, gracias por tu carta.');
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
    await screen.findByText('La respuesta quedó en revisión.');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /admin/letter-replies', 'PUT /admin/letters/30/scan']);
  });

  it("empties the file field once the reply is sent, and drops the server's word on a scan when another file is chosen", async () => {
    let replies = 0;
    const { adapter } = fakeAdapter((req) =>
      req.method === 'POST' ? { status: 201, data: { id: 40 + ++replies } } : replies === 1 ? { status: 413, data: { detail: depositMessages.errors.fileTooLarge } } : { status: 204 },
    );
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReplyForm />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const scanField = () => screen.getByLabelText(/Carta escaneada/) as HTMLInputElement;
    await user.type(screen.getByLabelText(/N\.º de apadrinamiento/), '12');
    await user.type(screen.getByLabelText(new RegExp(t.transcription)), 'Hola, gracias por tu carta.');
    await user.upload(scanField(), new File(['%PDF-1.4'], 'enorme.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    expect(await screen.findByText(depositMessages.errors.fileTooLarge)).toBeTruthy();

    await user.upload(scanField(), new File(['%PDF-1.4'], 'carta.pdf', { type: 'application/pdf' }));
    expect(screen.queryByText(depositMessages.errors.fileTooLarge)).toBeNull();
    expect(scanField()).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: t.uploadReply }));
    await screen.findByText('La respuesta quedó en revisión.');
    expect(scanField().files).toHaveLength(0);
    expect(scanField().value).toBe('');
  });
});
