// A finished donation's page shows its status in one colour, the badge's (docs/product.md#screens-and-routes,
// "Status badges"): "Reembolsada" and "Anulada" badges were amber, the colour of a gift still waiting,
// and the note of an expired gift was amber while its badge should read red.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { DonationStatus } from '@donaciones/shared/constants';
import { donationAnswer } from '@/test/donation';
import { renderApp } from '@/test/render-app';
import type { RecordedRequest } from '@/test/http';

afterEach(cleanup);

describe('a finished donation in the colour of its status', { timeout: 20_000 }, () => {
  it.each([
    ['expired', 'Expirada', 'expiró'],
    ['refunded', 'Reembolsada', 'fue reembolsada'],
    ['voided', 'Anulada', 'fue anulada'],
  ] as const)('%s: the "%s" badge and the note are red, never amber', async (status: DonationStatus, label, words) => {
    renderApp('/donations/5', {
      handler: (req: RecordedRequest) =>
        req.url === '/donations/5' ? { status: 200, data: donationAnswer({ status, can_process: false, can_cancel: false, donor_masked: true }) } : undefined,
    });
    const note = await screen.findByTestId('outcome-note', {}, { timeout: 20_000 });
    expect(note).toHaveTextContent(`Esta donación ${words}`);
    expect(note.className).toContain('bg-red-50');
    const badges = screen.getAllByText(label);
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges) expect(badge.className).toContain('bg-red-50');
    expect(document.querySelector('main [class*="bg-amber"]')).toBeNull();
  });
});
