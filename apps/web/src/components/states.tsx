// Empty and error states of a screen or a card.
import type { ReactNode } from 'react';
import { CircleAlert, Inbox, RotateCcw } from 'lucide-react';
import { appMessages } from '@donaciones/shared/messages/shell';
import { getErrorStatus } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { Button } from './button';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link (e.g. 'Hacer una donación'). */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-card border border-dashed border-sand-300 bg-sand-50/60 px-6 py-10 text-center', className)}>
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon ?? <Inbox aria-hidden="true" className="size-6" />}
      </span>
      <p className="font-display text-lg font-semibold text-ink-900">{title}</p>
      {description && <p className="max-w-md text-sm text-ink-600">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  /** The screen's message, e.g. 'Error al cargar los datos del dashboard'. */
  message: ReactNode;
  /** Shows the retry button (e.g. `() => query.refetch()`). */
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({ message, onRetry, retrying = false, retryLabel = appMessages.retry, className }: ErrorStateProps) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-card border border-red-200 bg-red-50/70 px-6 py-10 text-center', className)}>
      <CircleAlert aria-hidden="true" className="size-9 text-red-700" />
      <p className="font-semibold text-red-900">{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} icon={<RotateCcw aria-hidden="true" className="size-4" />}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

/** Why a page about one record has none to show: its address names none or the server knows none, or the read failed. */
export type RecordFailure = 'not-found' | 'failed';

export function recordFailure(id: number | null, query: { isError: boolean; error: unknown }): RecordFailure | null {
  if (id === null) return 'not-found';
  if (!query.isError) return null;
  const status = getErrorStatus(query.error);
  return status === 404 || status === 400 ? 'not-found' : 'failed';
}

export interface RecordErrorProps {
  failure: RecordFailure;
  /** 'No encontramos esta donación.': no retry, the page's way back is beside it. */
  notFound: string;
  /** 'No pudimos cargar la donación.', with the retry. */
  loadFailed: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A record page's error: "not found" offers no retry that could not help; any other failure does. */
export function RecordError({ failure, notFound, loadFailed, onRetry, retrying }: RecordErrorProps) {
  return failure === 'not-found' ? <ErrorState message={notFound} /> : <ErrorState message={loadFailed} onRetry={onRetry} retrying={retrying} />;
}
