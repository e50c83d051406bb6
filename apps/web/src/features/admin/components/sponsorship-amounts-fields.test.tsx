// The sponsorship card's amounts (decision 0055): a programme's monthly amount is saved with its
// programme, emptying it sends the programme back to the general amount, and the server's refusal
// (outside the gift bounds) is shown in Spanish under that programme's field.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sponsorshipSettingsMessages as t } from '@donaciones/shared/messages/sponsorship-settings';
import { sponsorshipAmountsMessages as am } from '@donaciones/shared/messages/sponsorship-amounts';
import type { SponsorshipSettings } from '@donaciones/shared/schemas/sponsorship';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { SponsorshipSettingsForm } from './sponsorship-settings';

const program = (id: number, name: string, isActive = true) => ({
  id, slug: name.toLowerCase(), name, description: '', highlight_value: '', highlight_label: '', goal_amount: 0, current_amount: 0, progress_percentage: 0, coming_soon: false, is_active: isActive, sort_order: id,
});
const VALUES: SponsorshipSettings = { monthly_amount: 250, hold_minutes: 30, holds_per_connection: 5, transfer_hold_days: 7, child_left_grace_days: 60, sponsor_stopped_grace_days: 90, program_amounts: [{ program_id: 2, amount: 300 }], birthday_gift_amount: 100 };
const TOO_LOW = 'El monto mínimo de donación es Q50.00';

describe('the sponsorship card’s amounts per programme', () => {
  it('saves a programme’s amount, empties another, and shows the server’s refusal under its field', async () => {
    let refuse = true;
    const { adapter, requests } = fakeAdapter((req) => {
      if (req.method === 'GET' && req.url === '/admin/programs') return { status: 200, data: { programs: [program(1, 'Educación'), program(2, 'Nutrición'), program(3, 'Salud', false)] } };
      if (req.method === 'PUT' && refuse) {
        refuse = false;
        return { status: 400, data: { detail: TOO_LOW, errors: { 'program_amounts.0.amount': TOO_LOW } } };
      }
      return { status: 200, data: req.data as SponsorshipSettings };
    });
    api.defaults.adapter = adapter;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SponsorshipSettingsForm values={VALUES} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const education = await screen.findByLabelText(am.programAmountLabel('Educación'));
    const nutrition = screen.getByLabelText(am.programAmountLabel('Nutrición'));
    expect(screen.getByLabelText(am.programAmountLabel(`Salud (${am.inactive})`))).toBeTruthy();
    expect((nutrition as HTMLInputElement).value).toBe('300');
    expect((education as HTMLInputElement).value).toBe('');
    expect((education as HTMLInputElement).placeholder).toContain('250');

    await user.clear(nutrition);
    await user.type(education, '20');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(TOO_LOW)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')[0]?.data).toMatchObject({ program_amounts: [{ program_id: 1, amount: 20 }], birthday_gift_amount: 100 });

    await user.clear(education);
    await user.type(education, '275');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')[1]?.data).toMatchObject({ program_amounts: [{ program_id: 1, amount: 275 }] });
    expect(screen.queryByText(TOO_LOW)).toBeNull();
  });
});
