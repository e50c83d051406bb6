// The image redactor (decision 0056): a box drawn with the pointer shows up in its numeric fields in
// the image's own pixels, whatever size the image is shown at; the keyboard adds a box and types it;
// boxes outside the image, or none, are refused in Spanish before anything is sent.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { letterKeys } from '../api/sponsor-letters';
import { ImageRedactor } from './image-redactor';

const PATH = '/admin/letters/5/photo';

async function renderRedactor() {
  const client = new QueryClient();
  client.setQueryData(letterKeys.file(`${PATH}#abc123`), { url: 'data:image/png;base64,AAAA', type: 'image/png' });
  render(
    <QueryClientProvider client={client}>
      <ImageRedactor letterId={5} path={PATH} version="abc123" alt="Foto de la carta 5" imageBoxes={0} />
    </QueryClientProvider>,
  );
  const img = await screen.findByRole('img', { name: 'Foto de la carta 5' });
  Object.defineProperty(img, 'naturalWidth', { value: 200 });
  Object.defineProperty(img, 'naturalHeight', { value: 100 });
  fireEvent.load(img);
  await screen.findByText('La imagen mide 200 × 100 píxeles.');
}

describe('the image redactor', () => {
  it('turns a box drawn on the image shown at half size into image pixels', async () => {
    await renderRedactor();
    const surface = screen.getByTestId('redaction-surface');
    surface.getBoundingClientRect = () => ({ left: 10, top: 20, width: 100, height: 50, right: 110, bottom: 70, x: 10, y: 20, toJSON: () => ({}) });
    surface.setPointerCapture = () => {};
    fireEvent.pointerDown(surface, { clientX: 20, clientY: 25, pointerId: 1 });
    fireEvent.pointerMove(surface, { clientX: 50, clientY: 45, pointerId: 1 });
    fireEvent.pointerUp(surface, { clientX: 50, clientY: 45, pointerId: 1 });
    const box = screen.getByRole('group', { name: 'Recuadro 1' });
    expect(box.querySelector<HTMLInputElement>('input[id$="-x"]')?.value).toBe('20');
    expect(box.querySelector<HTMLInputElement>('input[id$="-y"]')?.value).toBe('10');
    expect(box.querySelector<HTMLInputElement>('input[id$="-width"]')?.value).toBe('60');
    expect(box.querySelector<HTMLInputElement>('input[id$="-height"]')?.value).toBe('40');
  });

  it('adds and types a box with the keyboard, and refuses one outside the image or none', async () => {
    await renderRedactor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tapar en la imagen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Marca al menos un recuadro sobre la imagen');
    await user.click(screen.getByRole('button', { name: 'Agregar recuadro' }));
    const width = screen.getByLabelText('Ancho (px)');
    await user.clear(width);
    await user.type(width, '250');
    await user.click(screen.getByRole('button', { name: 'Tapar en la imagen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('El recuadro 1 sale de la imagen (mide 200 × 100 píxeles)');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Quitar el recuadro 1' }));
    expect(screen.queryByRole('group', { name: 'Recuadro 1' })).toBeNull();
  });
});
