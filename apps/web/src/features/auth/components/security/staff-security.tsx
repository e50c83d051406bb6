// What an ADMIN sees of staff sign-in (docs/product.md#accounts-and-sessions): the rule "segundo paso
// obligatorio para el personal", and per person the last sign-in, second step and open sessions, with
// buttons to end their sessions or reset their second step (both audited by the API).
import { formatDateTime } from '@donaciones/shared/format';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import type { StaffSecurityRow } from '@donaciones/shared/schemas/two-step';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { Checkbox } from '@/components/form-fields';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { useEndStaffSessions, useResetStaffSecondStep, useSavePolicy, useSecurityPolicy, useStaffSecurity } from '../../api/account-security';

const ui = twoStepMessages.ui;

function secondStepOf(row: StaffSecurityRow): string {
  const parts = [row.totp_enabled ? ui.app : null, row.passkeys > 0 ? ui.keys(row.passkeys) : null].filter(Boolean);
  return parts.length > 0 ? parts.join(' + ') : ui.none;
}

export function StaffSecurity({ currentUserId, canSetRule }: { currentUserId: number | undefined; canSetRule: boolean }) {
  const staff = useStaffSecurity();
  const policy = useSecurityPolicy(canSetRule);
  const save = useSavePolicy();
  const endSessions = useEndStaffSessions();
  const reset = useResetStaffSecondStep();
  const [success, flash] = useFlash();
  const error = endSessions.error ?? reset.error ?? save.error;

  return (
    <Card title={ui.staffTitle} description={ui.staffIntro}>
      <ErrorMessage message={error ? getErrorMessage(error, twoStepMessages.userNotFound) : null} />
      <SuccessMessage message={success} />
      {canSetRule && policy.data && (
        <div className="mb-4 rounded-2xl border border-sand-200 bg-sand-50 p-4">
          <Checkbox
            label={ui.policyLabel}
            hint={policy.data.always_required_for.length > 0 ? `${ui.policyHint} ${ui.policyLockedHint}` : ui.policyHint}
            checked={policy.data.staff_second_step_required}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked, { onSuccess: () => flash(twoStepMessages.policySaved) })}
          />
        </div>
      )}
      {staff.isPending && <Skeleton className="h-32" />}
      {staff.isError && <ErrorState message={ui.loadError} onRetry={() => void staff.refetch()} retrying={staff.isFetching} />}
      {staff.data && (
        <ul className="divide-y divide-sand-200" data-testid="staff-security">
          {staff.data.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink-900">{row.name || row.email}</p>
                <p className="text-xs break-all text-ink-600">{row.email}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-ink-700">
                  <span>
                    {ui.staffLastSignIn}: {row.last_login_at ? formatDateTime(row.last_login_at) : ui.never}
                  </span>
                  <Badge tone={row.totp_enabled || row.passkeys > 0 ? 'success' : 'warning'}>
                    {ui.staffSecondStep}: {secondStepOf(row)}
                  </Badge>
                  <span>
                    {ui.staffSessions}: {row.open_sessions}
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={ui.endStaffSessions(row.name || row.email)}
                  disabled={row.open_sessions === 0}
                  onClick={() => endSessions.mutate(row.id, { onSuccess: (a) => flash(a.message) })}
                >
                  {ui.endSessionsShort}
                </Button>
                {row.id !== currentUserId && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={ui.resetStaff(row.name || row.email)}
                    onClick={() => {
                      if (window.confirm(ui.confirmReset(row.name || row.email))) reset.mutate(row.id, { onSuccess: (a) => flash(a.message) });
                    }}
                  >
                    {ui.resetShort}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
