// The foot of a donor's list read a page at a time: how many rows are shown of how many, and the
// button that loads the next (older) page while there is one; a failed page says so next to it.
import { Button } from '@/components/button';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({
  query,
  status,
  label,
  loadingLabel,
  errorMessage,
}: {
  query: PagedQuery;
  status: string;
  label: string;
  loadingLabel: string;
  errorMessage: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 pt-2" data-testid="load-more">
      <p className="text-sm text-ink-600" aria-live="polite">
        {status}
      </p>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {errorMessage}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" loading={query.isFetchingNextPage} loadingText={loadingLabel} onClick={() => void query.fetchNextPage()}>
          {label}
        </Button>
      ) : null}
    </div>
  );
}
