// What a signed-in person sees on a staff screen their roles do not open (docs/product.md#roles-and-permissions):
// a plain Spanish explanation and the way back to their own panel, instead of the screen.
import { LayoutDashboard, ShieldAlert } from 'lucide-react';
import { noPermissionMessages } from '@donaciones/shared/messages/shell';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/states';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NoPermission() {
  useDocumentTitle(noPermissionMessages.title);
  return (
    <EmptyState
      icon={<ShieldAlert aria-hidden="true" className="size-6" />}
      title={noPermissionMessages.title}
      description={noPermissionMessages.description}
      action={
        <ButtonLink to={paths.dashboard} icon={<LayoutDashboard aria-hidden="true" className="size-4" />}>
          {noPermissionMessages.back}
        </ButtonLink>
      }
    />
  );
}
