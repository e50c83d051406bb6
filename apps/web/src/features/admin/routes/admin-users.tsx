// Users (/admin/users, docs/product.md#screens-and-routes): search by email or name, 'x de y usuarios', the table (user,
// every role as chips, Activo/Inactivo, registered, last access or 'Nunca'), create/edit modals and delete.
import { useState } from 'react';
import { Pencil, Search, Trash2, UserPlus, Users } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { formatDate, formatDateTime } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { screensMessages } from '@donaciones/shared/messages/screens';
import type { AdminUser } from '@donaciones/shared/schemas/admin';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { RoleChips } from '../components/role-chips';
import { UserFormModal } from '../components/user-form-modal';

const u = adminMessages.users;
const c = adminMessages.common;
const s = screensMessages;

function fullName(user: AdminUser): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

function initials(user: AdminUser): string {
  const letters = [user.first_name, user.last_name].map((p) => p.trim()[0] ?? '').join('');
  return (letters || user.email[0] || '?').toUpperCase();
}

function DeleteUserModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const remove = useDeleteUser();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(user.id);
      toast.success(u.deleted);
      onClose();
    } catch (err) {
      const status = getErrorStatus(err);
      setError(status && status < 500 ? `${s.userDeleteError}: ${getErrorMessage(err, '')}` : s.userDeleteError);
    }
  };
  return (
    <Modal
      open
      role="alertdialog"
      size="sm"
      onClose={onClose}
      dismissible={!remove.isPending}
      title={u.deleteTitle}
      description={s.deleteUserConfirm}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            {c.cancel}
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending} loadingText={c.deleting} icon={<Trash2 aria-hidden="true" className="size-4" />}>
            {c.delete}
          </Button>
        </>
      }
    >
      <div className="rounded-2xl bg-sand-50 px-4 py-3 ring-1 ring-sand-200">
        <p className="font-semibold text-ink-900">{fullName(user)}</p>
        <p className="text-sm text-ink-600">{user.email}</p>
      </div>
      <p className="mt-3 text-sm text-ink-600">{u.deleteKeepsDonations}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}

type Editing = { user: AdminUser | null } | null;

export default function AdminUsersPage() {
  useDocumentTitle(u.title);
  const session = useSession();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const query = useUsers(q);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const me = session.user?.id;

  const columns = userColumns(me, { onEdit: (user) => setEditing({ user }), onDelete: setDeleting });

  const data = query.data;
  return (
    <div>
      <PageHeader
        className="mb-6"
        title={u.title}
        description={u.subtitle}
        actions={
          <Button onClick={() => setEditing({ user: null })} icon={<UserPlus aria-hidden="true" className="size-4" />}>
            {u.newUser}
          </Button>
        }
      />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TextInput
          label={<span className="sr-only">{u.searchLabel}</span>}
          type="search"
          placeholder={u.searchPlaceholder}
          prefix={<Search aria-hidden="true" className="size-4" />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-full sm:max-w-sm"
        />
        {data && (
          <p className="text-sm font-semibold text-ink-600" aria-live="polite" data-testid="users-count">
            {s.usersCount(data.total, data.total_users)}
          </p>
        )}
      </div>

      {query.isError ? (
        <ErrorState message={s.usersLoadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : (
        <div className={query.isFetching ? 'opacity-70 transition-opacity' : undefined}>
          <ResponsiveTable
            caption={u.caption}
            columns={columns}
            rows={data.users}
            getRowKey={(user) => user.id}
            empty={<EmptyState title={u.emptyTitle} description={q ? u.emptySearch : undefined} icon={<Users aria-hidden="true" className="size-6" />} />}
          />
        </div>
      )}

      {editing && <UserFormModal key={editing.user?.id ?? 'new'} open user={editing.user} onClose={() => setEditing(null)} />}
      {deleting && <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

interface RowActions {
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
}

/** The table's columns: user, roles, Activo/Inactivo, registered, last access and the row's edit and delete buttons. */
function userColumns(me: number | undefined, actions: RowActions): Column<AdminUser>[] {
  return [
    { key: 'user', header: u.colUser, primary: true, cell: (user) => <UserIdentity user={user} isMe={user.id === me} /> },
    {
      key: 'role',
      header: u.colRole,
      cell: (user) => <RoleChips roles={user.roles} className="sm:max-w-64" />,
    },
    {
      key: 'status',
      header: u.colStatus,
      cell: (user) => (
        <span className="inline-flex flex-col items-start gap-0.5">
          <Badge tone={user.is_active ? 'success' : 'danger'}>{user.is_active ? s.active : s.inactive}</Badge>
          {user.status === 'pending' && <span className="text-xs text-ink-500">{u.pendingHint}</span>}
        </span>
      ),
    },
    { key: 'created', header: u.colRegistered, cell: (user) => <span className="whitespace-nowrap">{formatDate(user.created_at)}</span> },
    {
      key: 'last',
      header: u.colLastAccess,
      cell: (user) => <span className="whitespace-nowrap">{user.last_login_at ? formatDateTime(user.last_login_at) : s.never}</span>,
    },
    {
      key: 'actions',
      header: <span className="sr-only sm:not-sr-only">{c.actions}</span>,
      className: 'text-right',
      cell: (user) => <UserRowActions user={user} isMe={user.id === me} {...actions} />,
    },
  ];
}

/** A user's initials, name (with a "Tú" badge on the signed-in account) and email. */
function UserIdentity({ user, isMe }: { user: AdminUser; isMe: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
        {initials(user)}
      </span>
      <div className="min-w-0 text-left">
        <p className="truncate font-semibold text-ink-900">
          {fullName(user)}
          {isMe && (
            <Badge tone="accent" className="ml-2 align-middle">
              {u.youBadge}
            </Badge>
          )}
        </p>
        <p className="truncate text-sm font-normal text-ink-500">{user.email}</p>
      </div>
    </div>
  );
}

/** A row's edit and delete buttons; nobody deletes their own account. */
function UserRowActions({ user, isMe, onEdit, onDelete }: { user: AdminUser; isMe: boolean } & RowActions) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" aria-label={u.editLabel(fullName(user))} title={c.edit} onClick={() => onEdit(user)}>
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        aria-label={u.deleteLabel(fullName(user))}
        title={isMe ? u.cannotDeleteSelf : c.delete}
        disabled={isMe}
        onClick={() => onDelete(user)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
