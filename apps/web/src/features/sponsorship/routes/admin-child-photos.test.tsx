// A child's photo on the staff's record (docs/product.md#sponsorship): a photo over the server's 5 MB
// is redrawn smaller in the browser first (lib/shrink-photo.ts); one the browser cannot redraw, or of a
// type the server refuses (a GIF, a .txt), is refused before anything is sent, instead of going up
// to be refused by the server.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sponsorshipMessages } from '@donaciones/shared/messages/sponsorship';
import { SLIP_MAX_BYTES } from '@donaciones/shared/messages/deposits';
import { staffChildDetail } from '@/test/child';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const STAFF = { user: { email: 'apadrinamiento@ejemplo.org', roles: ['SPONSORSHIP'] } };

const detail = staffChildDetail();

/** The record, answering its uploads (recorded) with the record. */
function openRecord(uploads: RecordedRequest[]) {
  renderApp('/admin/apadrinamiento/7', {
    ...STAFF,
    handler: (req) => {
      if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: detail };
      if (req.url === '/admin/sponsorship/children/7/progress-reports') return { status: 200, data: { reports: [] } };
      if (req.url === '/admin/sponsorship/children/7/photos' && req.method === 'POST') {
        uploads.push(req);
        return { status: 201, data: detail };
      }
      return undefined;
    },
  });
}

describe("a child's photo", { timeout: 30_000 }, () => {
  it('too large for the server and not redrawable here is refused before it is sent; a photo within the limit is sent', async () => {
    const uploads: RecordedRequest[] = [];
    openRecord(uploads);
    const user = userEvent.setup();
    const input = (await screen.findByLabelText('Subir foto', {}, { timeout: 20_000 })) as HTMLInputElement;
    // jsdom cannot draw an image, as a browser cannot draw some HEIC files: nothing fits, nothing is sent.
    const large = new File([new Uint8Array(SLIP_MAX_BYTES + 1)], 'foto.jpg', { type: 'image/jpeg' });
    await user.upload(input, large);
    expect(await screen.findByText(sponsorshipMessages.photoTooLarge)).toBeTruthy();
    expect(uploads).toHaveLength(0);

    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'pequena.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(screen.queryByText(sponsorshipMessages.photoTooLarge)).toBeNull();
  });

  it("of a type the server refuses (a GIF, a .txt) is refused when chosen, in the server's words, and nothing is sent; one the browser cannot name is left to the server", async () => {
    const uploads: RecordedRequest[] = [];
    openRecord(uploads);
    // The picker's filter is only a hint: a phone offers "Todos los archivos".
    const user = userEvent.setup({ applyAccept: false });
    const input = (await screen.findByLabelText('Subir foto', {}, { timeout: 20_000 })) as HTMLInputElement;
    for (const file of [new File(['GIF89a'], 'dibujo.gif', { type: 'image/gif' }), new File(['hola'], 'notas.txt', { type: 'text/plain' })]) {
      await user.upload(input, file);
      expect(await screen.findByText(sponsorshipMessages.photoNotImage)).toBeTruthy();
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(uploads).toHaveLength(0);

    await user.upload(input, new File([new Uint8Array([0, 0, 0, 0x18])], 'IMG_2041.HEIC', { type: '' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(screen.queryByText(sponsorshipMessages.photoNotImage)).toBeNull();
  });
});
