// The sponsor's letter form (docs/product.md#sponsorship-letters): a photo over the upload's limit is
// refused before anything is sent (it used to be refused after the letter's text was stored, leaving a
// letter without its photo and a sponsor who would send it again); a photo refused after the letter
// was stored says the letter arrived; after sending, the text and the file field are empty. A GIF or a
// WebP is refused before sending too, since the picker's filter is only a hint. A letter too long says
// its length against the maximum, so the sponsor knows how much to cut.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LETTER_FILE_MAX_BYTES, letterScreenText as t } from '@donaciones/shared/messages/letters';
import { api } from '@/lib/api-client';
import { type FakeAnswer, fakeAdapter, type RecordedRequest } from '@/test/http';
import { WriteLetterForm } from './write-letter-form';

const letter = { id: 31, body: 'Hola', status: 'pending_review' };

function renderForm(handler: (req: RecordedRequest) => FakeAnswer) {
  const { adapter, requests } = fakeAdapter(handler);
  api.defaults.adapter = adapter;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WriteLetterForm sponsorshipId={7} />
    </QueryClientProvider>,
  );
  return { requests, user: userEvent.setup() };
}

const photo = (bytes: number) => new File([new Uint8Array(bytes)], 'foto.jpg', { type: 'image/jpeg' });
const fileField = () => screen.getByLabelText(new RegExp(t.photoLabel.replace(/[()]/g, '.'))) as HTMLInputElement;

/** A browser that draws the photo (jsdom draws none): every redrawn JPEG weighs 120 KB. */
function browserDraws() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close: () => undefined }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ fillStyle: '', fillRect: () => undefined, drawImage: () => undefined } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob([new Uint8Array(120_000)], { type: 'image/jpeg' })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the letter form', () => {
  it("a phone's photo over 5 MB is redrawn smaller in the browser and goes with the letter, instead of being refused", async () => {
    browserDraws();
    const { requests, user } = renderForm((req) => ({ status: req.method === 'POST' ? 201 : 200, data: letter }));
    await user.type(screen.getByLabelText(/Tu carta/), 'Hola, te mando una foto de mi jardín.');
    await user.upload(fileField(), new File([new Uint8Array(LETTER_FILE_MAX_BYTES + 1)], 'IMG_2041.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sent)).toBeTruthy();
    expect(screen.queryByText(t.photoTooLarge)).toBeNull();
    const sent = requests[1]!.data as File;
    expect([requests[1]!.url, sent.name, sent.type, sent.size]).toEqual(['/users/me/letters/31/photo', 'IMG_2041.jpg', 'image/jpeg', 120_000]);
  });

  it('refuses a photo over 5 MB the browser cannot redraw before sending anything, and sends the letter once a smaller one is chosen', async () => {
    const { requests, user } = renderForm((req) => ({ status: req.method === 'POST' ? 201 : 200, data: letter }));
    await user.type(screen.getByLabelText(/Tu carta/), 'Hola, ¿cómo te fue en la escuela?');
    await user.upload(fileField(), photo(LETTER_FILE_MAX_BYTES + 1));
    expect(await screen.findByText(t.photoTooLarge)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(screen.getByText(t.photoTooLarge)).toBeTruthy();
    expect(requests).toHaveLength(0);

    await user.upload(fileField(), photo(1024));
    expect(screen.queryByText(t.photoTooLarge)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sent)).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /users/me/sponsorships/7/letters', 'PUT /users/me/letters/31/photo']);
    // Both fields are empty again: the next letter does not carry this one's photo.
    expect((screen.getByLabelText(/Tu carta/) as HTMLTextAreaElement).value).toBe('');
    expect(fileField().files?.length ?? 0).toBe(0);
  });

  it('a photo the server refuses after the letter was stored: says the letter arrived without it, and does not keep the text to send again', async () => {
    const { requests, user } = renderForm((req) =>
      req.method === 'POST' ? { status: 201, data: letter } : { status: 415, data: { detail: 'El archivo debe ser JPG, PNG, HEIC o PDF' } },
    );
    await user.type(screen.getByLabelText(/Tu carta/), 'Hola, ¿cómo te fue en la escuela?');
    await user.upload(fileField(), photo(1024));
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sentWithoutPhoto('El archivo debe ser JPG, PNG, HEIC o PDF'))).toBeTruthy();
    expect(screen.getByText(/Recibimos tu carta, pero no su foto: el archivo debe ser JPG, PNG, HEIC o PDF\. No vuelvas/)).toBeTruthy();
    expect((screen.getByLabelText(/Tu carta/) as HTMLTextAreaElement).value).toBe('');
    expect(requests).toHaveLength(2);
  });

  it('refuses a GIF or a WebP before sending anything (the picker only suggests the types), and sends once a JPG is chosen', async () => {
    const { adapter, requests } = fakeAdapter((req) => ({ status: req.method === 'POST' ? 201 : 200, data: letter }));
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WriteLetterForm sponsorshipId={7} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup({ applyAccept: false });
    await user.type(screen.getByLabelText(/Tu carta/), 'Hola, ¿cómo te fue en la escuela?');
    for (const [name, type] of [['captura.webp', 'image/webp'], ['saludo.gif', 'image/gif']]) {
      await user.upload(fileField(), new File([new Uint8Array(1024)], name, { type }));
      expect(await screen.findByText(t.photoWrongType)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: t.send }));
      expect(requests).toHaveLength(0);
    }
    // The text is kept while the sponsor chooses another photo.
    expect((screen.getByLabelText(/Tu carta/) as HTMLTextAreaElement).value).toBe('Hola, ¿cómo te fue en la escuela?');
    await user.upload(fileField(), photo(1024));
    expect(screen.queryByText(t.photoWrongType)).toBeNull();
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText(t.sent)).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /users/me/sponsorships/7/letters', 'PUT /users/me/letters/31/photo']);
  });

  it('a letter over the maximum says how long it is against the maximum, and sends nothing', async () => {
    const { requests, user } = renderForm((req) => ({ status: req.method === 'POST' ? 201 : 200, data: letter }));
    const field = screen.getByLabelText(/Tu carta/);
    // Pasted, as a long letter usually arrives; the spaces around it are not counted.
    await user.click(field);
    await user.paste(`  ${'a'.repeat(5140)}  `);
    await user.click(screen.getByRole('button', { name: t.send }));
    expect(await screen.findByText('La carta tiene 5,140 caracteres; el máximo es 5,000.')).toBeTruthy();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });
});
