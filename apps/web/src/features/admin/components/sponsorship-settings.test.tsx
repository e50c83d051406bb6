// The sponsorship card (docs/product.md#sponsorship): bad values refused in Spanish next to their
// field without a request, a valid amount and hold saved, and a field error of the server shown.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sponsorshipSettingsMessages as t } from '@donaciones/shared/messages/sponsorship-settings';
import type { SponsorshipSettings } from '@donaciones/shared/schemas/sponsorship';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fakeAdapter } from '@/test/http';
import { SponsorshipSettingsForm } from './sponsorship-settings';

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SponsorshipSettingsForm values={{ monthly_amount: 250, hold_minutes: 30, holds_per_connection: 5, transfer_hold_days: 7, child_left_grace_days: 60, sponsor_stopped_grace_days: 90, program_amounts: [], birthday_gift_amount: 100 }} />
    </QueryClientProvider>,
  );

describe('the sponsorship settings card', () => {
  it('refuses an amount and minutes out of range in Spanish without sending, and saves valid ones', async () => {
    const { adapter, requests } = fakeAdapter((req) =>
      req.method === 'PUT' ? { status: 200, data: req.data as SponsorshipSettings } : { status: 404, data: { detail: 'Recurso no encontrado' } },
    );
    api.defaults.adapter = adapter;
    renderCard();
    const user = userEvent.setup();
    const amount = screen.getByLabelText(new RegExp(t.monthlyAmount.replace(/[()]/g, '\\$&')));
    const minutes = screen.getByLabelText(new RegExp(t.holdMinutes.replace(/[()]/g, '\\$&')));
    const days = screen.getByLabelText(new RegExp(t.transferHoldDays.replace(/[()]/g, '\\$&')));
    expect((amount as HTMLInputElement).value).toBe('250');
    await user.clear(amount);
    await user.type(amount, '0');
    await user.clear(minutes);
    await user.type(minutes, '2000');
    await user.clear(days);
    await user.type(days, '31');
    fireEvent.submit(screen.getByRole('form', { name: t.title }));
    expect(await screen.findByText(t.amountRange)).toBeTruthy();
    expect(screen.getByText(t.holdRange)).toBeTruthy();
    expect(screen.getByText(t.transferHoldRange)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '300');
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/admin/settings/sponsorship');
    expect(put?.data).toMatchObject({ monthly_amount: 300, hold_minutes: 45, transfer_hold_days: 10, child_left_grace_days: 60, sponsor_stopped_grace_days: 90 });
  });

  it('refuses grace periods out of range in Spanish without sending, and saves the lifecycle days (decision 0051)', async () => {
    const { adapter, requests } = fakeAdapter((req) => ({ status: 200, data: req.data as SponsorshipSettings }));
    api.defaults.adapter = adapter;
    renderCard();
    const user = userEvent.setup();
    const leftDays = screen.getByLabelText(new RegExp(t.childLeftGraceDays.replace(/[()]/g, '\\$&')));
    const stoppedDays = screen.getByLabelText(new RegExp(t.sponsorStoppedGraceDays.replace(/[()]/g, '\\$&')));
    expect((leftDays as HTMLInputElement).value).toBe('60');
    expect((stoppedDays as HTMLInputElement).value).toBe('90');
    await user.clear(leftDays);
    await user.type(leftDays, '6');
    await user.clear(stoppedDays);
    await user.type(stoppedDays, '400');
    fireEvent.submit(screen.getByRole('form', { name: t.title }));
    expect(await screen.findByText(t.childLeftGraceRange)).toBeTruthy();
    expect(screen.getByText(t.sponsorStoppedGraceRange)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(leftDays);
    await user.type(leftDays, '30');
    await user.clear(stoppedDays);
    await user.type(stoppedDays, '0');
    await user.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saved)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.data).toMatchObject({ child_left_grace_days: 30, sponsor_stopped_grace_days: 0 });
  });

  it('shows the server refusal of a field next to it', async () => {
    const { adapter } = fakeAdapter(() => ({ status: 400, data: { detail: 'Revisa los datos', errors: { hold_minutes: t.holdRange } } }));
    api.defaults.adapter = adapter;
    renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.holdRange)).toBeTruthy();
    expect(screen.getByText(t.failed)).toBeTruthy();
  });
});
