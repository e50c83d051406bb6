// A progress report's photo over the API's 5 MB (docs/product.md#sponsorship), added to a report or
// chosen for a new one, is redrawn smaller in the browser first, as a child's photo is
// (lib/photo-to-send.ts); one the browser cannot redraw is refused before anything is sent, and the
// new report does not go while it is chosen, instead of going up to be refused by the API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LETTER_FILE_MAX_BYTES } from '@donaciones/shared/messages/letters';
import { progressReportMessages } from '@donaciones/shared/messages/progress-reports';
import type { StaffProgressReport } from '@donaciones/shared/schemas/progress-reports';
import { staffChildDetail } from '@/test/child';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

const STAFF = { user: { email: 'apadrinamiento@ejemplo.org', roles: ['SPONSORSHIP'] } };
const detail = staffChildDetail({ status: 'sponsored', takenPlaces: 1 });

const report = (id: number): StaffProgressReport => ({
  id,
  period: 'Primer semestre 2026',
  reportDate: '2026-06-30',
  schoolGrade: '',
  attendancePercent: null,
  achievement: '',
  health: '',
  messageToSponsor: 'Kevin te manda un abrazo y dice que ya lee cuentos largos.',
  photoUrl: null,
  staffPhotoUrl: null,
  writtenBy: 'Marta Staff',
  createdAt: '2026-07-01T15:00:00Z',
  staffNotes: '',
});

/** The record with one report without a photo, recording the report's writes (a new one, a photo). */
function openRecord(sent: RecordedRequest[]) {
  renderApp('/admin/apadrinamiento/7', {
    ...STAFF,
    handler: (req) => {
      if (req.url === '/admin/sponsorship/children/7') return { status: 200, data: detail };
      if (req.url === '/admin/sponsorship/children/7/progress-reports' && req.method === 'GET') return { status: 200, data: { reports: [report(1)] } };
      if (req.method === 'GET' || !req.url.startsWith('/admin/sponsorship/')) return undefined;
      sent.push(req);
      return req.method === 'POST' ? { status: 201, data: report(2) } : { status: 201, data: report(Number(req.url.split('/')[4])) };
    },
  });
}

const tooLarge = (name: string, type: string) => new File([new Uint8Array(LETTER_FILE_MAX_BYTES + 1)], name, { type });
const REDRAWN_BYTES = 120_000;

/** A browser that draws the photo (jsdom draws none): every redrawn JPEG weighs REDRAWN_BYTES. */
function browserDraws() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 4000, height: 3000, close: () => undefined }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ fillStyle: '', fillRect: () => undefined, drawImage: () => undefined } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob([new Uint8Array(REDRAWN_BYTES)], { type: 'image/jpeg' })));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sentPhoto = (req: RecordedRequest) => {
  const file = req.data as File;
  return { url: req.url, name: file.name, type: file.type, size: file.size };
};

// The staff's record of a child is one of the largest screens, and a label or role query scans all of it
// on every retry: on the CI machine under the API suite (tests there ran 5 to 10 times slower than alone)
// the first test's wait for it outlasted 10 s and then 20 s, so its waits are long (it is 0.8 s alone).
const LOADED = { timeout: 30_000 };

describe("a progress report's photo over the API's limit", { timeout: 90_000 }, () => {
  it('added to a report is refused before it is sent when it cannot be redrawn here, and sent redrawn as a JPEG when it can', async () => {
    const sent: RecordedRequest[] = [];
    openRecord(sent);
    const user = userEvent.setup();
    const input = (await screen.findByLabelText('Agregar foto', {}, LOADED)) as HTMLInputElement;
    await user.upload(input, tooLarge('IMG_2041.jpg', 'image/jpeg'));
    expect(await screen.findByText(progressReportMessages.photoTooLarge)).toBeTruthy();
    expect(sent).toHaveLength(0);

    browserDraws();
    await user.upload(input, tooLarge('IMG_2042.png', 'image/png'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sentPhoto(sent[0])).toEqual({ url: '/admin/sponsorship/progress-reports/1/photo', name: 'IMG_2042.jpg', type: 'image/jpeg', size: REDRAWN_BYTES });
    expect(screen.queryByText(progressReportMessages.photoTooLarge)).toBeNull();
  });

  it('on a new report keeps the report from going while one that cannot be redrawn is chosen, and publishes it with the redrawn one', async () => {
    const sent: RecordedRequest[] = [];
    openRecord(sent);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Nuevo informe' }, LOADED);
    await user.type(within(form).getByLabelText(/Periodo/), 'Segundo semestre 2026');
    await user.type(within(form).getByLabelText(/Mensaje para quien apadrina/), 'Kevin dice gracias por acompañarlo este semestre.');
    const input = within(form).getByLabelText(/^Foto/) as HTMLInputElement;
    await user.upload(input, tooLarge('IMG_2041.jpg', 'image/jpeg'));
    expect(await within(form).findByText(progressReportMessages.photoTooLarge)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    expect(sent).toHaveLength(0);

    browserDraws();
    await user.upload(input, tooLarge('IMG_2043.jpg', 'image/jpeg'));
    await waitFor(() => expect(within(form).queryByText(progressReportMessages.photoTooLarge)).toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Publicar informe' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0].method).toBe('POST');
    expect(sentPhoto(sent[1])).toEqual({ url: '/admin/sponsorship/progress-reports/2/photo', name: 'IMG_2043.jpg', type: 'image/jpeg', size: REDRAWN_BYTES });
    expect(await within(form).findByText(/Informe publicado/)).toBeTruthy();
  });
});
