// The root route: a progress bar while the next screen's code loads, and scroll restoration.
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { shellMessages } from '@donaciones/shared/messages/shell';

export default function Root() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <>
      {busy && (
        <div role="progressbar" aria-label={shellMessages.pageLoading} className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
          <div className="h-full w-2/5 animate-progress rounded-full bg-accent-500" />
        </div>
      )}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
