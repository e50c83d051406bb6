// Sesiones activas (docs/product.md#accounts-and-sessions): device, approximate place and last use of
// each open session; end one, or all the others after a confirmation.
import { useRef, useState } from 'react';
import { Laptop, LogOut } from 'lucide-react';
import { formatDateTime } from '@donaciones/shared/format';
import { twoStepMessages } from '@donaciones/shared/messages/two-step';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ErrorMessage, SuccessMessage, useFlash } from '@/components/flash-message';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { ErrorState } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { useEndOtherSessions, useEndSession, useOpenSessions } from '../../api/account-security';

const ui = twoStepMessages.ui;

export function SessionsCard() {
  const sessions = useOpenSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [success, flash] = useFlash();
  const error = endOne.error ?? endOthers.error;
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  const [confirming, setConfirming] = useState(false);
  const endAllOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (a) => flash(a.message),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card
      title={ui.sessionsTitle}
      description={ui.sessionsIntro}
      actions={
        others.length > 0 ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {ui.endOthers}
          </Button>
        ) : undefined
      }
    >
      <ErrorMessage message={error ? getErrorMessage(error, twoStepMessages.sessionNotFound) : null} />
      <SuccessMessage message={success} />
      {sessions.isPending && <Skeleton className="h-24" />}
      {sessions.isError && <ErrorState message={ui.loadError} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />}
      {sessions.data && (
        <ul className="divide-y divide-sand-200" data-testid="session-list">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-500" />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                    {s.device}
                    {s.current && <Badge tone="brand">{ui.thisDevice}</Badge>}
                  </p>
                  <p className="text-xs text-ink-600">
                    {s.place} · {ui.lastUse(formatDateTime(s.last_used_at))}
                  </p>
                </div>
              </div>
              {!s.current && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={ui.endSessionOf(s.device)}
                  icon={<LogOut aria-hidden="true" className="size-4" />}
                  onClick={() => endOne.mutate(s.id, { onSuccess: (a) => flash(a.message) })}
                >
                  {ui.endSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions.data && others.length === 0 && <p className="mt-2 text-sm text-ink-600">{ui.noOtherSessions}</p>}
      <EndOthersDialog open={confirming} count={others.length} pending={endOthers.isPending} onConfirm={endAllOthers} onClose={() => setConfirming(false)} />
    </Card>
  );
}

/** The confirmation before every other session ends; Cancelar (focused first) sends nothing. */
function EndOthersDialog({ open, count, pending, onConfirm, onClose }: { open: boolean; count: number; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      title={ui.endOthersTitle}
      description={ui.endOthersBody(count)}
      dismissible={!pending}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={pending}>
            {ui.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            {ui.endOthersConfirm(count)}
          </Button>
        </>
      }
    />
  );
}
