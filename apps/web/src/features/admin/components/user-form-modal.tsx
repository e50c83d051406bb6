// The create and edit modal of the users screen: the rules of docs/product.md#validation-rules from the shared schema, the
// server's answers mapped back onto the fields (a taken email) or shown above the form.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-hot-toast';
import { ROLES } from '@donaciones/shared/constants';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { screensMessages } from '@donaciones/shared/messages/screens';
import { rolesMessages } from '@donaciones/shared/messages/shell';
import { NON_STAFF_ROLES } from '@donaciones/shared/roles';
import { type AdminUser, type AdminUserInput, type AdminUserValues, adminUserInputSchema } from '@donaciones/shared/schemas/admin';
import { Button } from '@/components/button';
import { Checkbox, Select, TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { getErrorMessage, getErrorStatus } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveUser } from '../api/save-user';

const u = adminMessages.users;
const c = adminMessages.common;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: rolesMessages[role] }));
const FIELDS = ['email', 'first_name', 'last_name', 'role', 'also_roles', 'is_active'] as const;
/** The staff roles a person may hold besides the main one. */
const STAFF_ROLES = ROLES.filter((role) => !NON_STAFF_ROLES.includes(role) && role !== 'ADMIN');
const otherStaffRoles = (roles: readonly string[]) => STAFF_ROLES.filter((role) => roles.slice(1).includes(role));

export interface UserFormModalProps {
  /** The account being edited; a new account when null. */
  user: AdminUser | null;
  open: boolean;
  onClose: () => void;
}

export function UserFormModal({ user, open, onClose }: UserFormModalProps) {
  const editing = user !== null;
  const save = useSaveUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminUserInput, unknown, AdminUserValues>({
    resolver: zodResolver(adminUserInputSchema),
    defaultValues: user
      ? { email: user.email, first_name: user.first_name, last_name: user.last_name, role: user.roles[0] ?? 'USER', also_roles: otherStaffRoles(user.roles), is_active: user.is_active }
      : { email: '', first_name: '', last_name: '', role: 'USER', also_roles: [], is_active: true },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save.mutateAsync({ id: user?.id, values });
      toast.success(editing ? u.updated : u.created);
      onClose();
    } catch (error) {
      const status = getErrorStatus(error);
      const placed = applyServerErrors(form.setError, error, FIELDS);
      const detail = getErrorMessage(error, '');
      if (status === 409 && detail === adminMessages.api.emailTaken) {
        form.setError('email', { message: detail });
        return;
      }
      if (placed) return;
      const fallback = editing ? screensMessages.userUpdateError : screensMessages.userCreateError;
      setFormError(status === 409 || status === 404 ? `${fallback}: ${detail}` : fallback);
    }
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!save.isPending}
      title={editing ? u.editTitle : u.createTitle}
      description={editing ? user.email : u.createDescription}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {c.cancel}
          </Button>
          <Button type="submit" form="user-form" loading={save.isPending} loadingText={editing ? c.saving : u.creating}>
            {editing ? u.saveChanges : u.create}
          </Button>
        </>
      }
    >
      <form id="user-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        {formError && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 ring-1 ring-red-200">
            {formError}
          </p>
        )}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextInput label={u.firstName} required autoComplete="off" error={errors.first_name?.message} {...form.register('first_name')} />
          <TextInput label={u.lastName} required autoComplete="off" error={errors.last_name?.message} {...form.register('last_name')} />
        </div>
        <TextInput label={u.email} type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        <Select label={u.role} required options={ROLE_OPTIONS} error={errors.role?.message} {...form.register('role')} />
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-ink-800">{u.alsoRoles}</legend>
          <p className="text-sm text-ink-600">{u.alsoRolesHint}</p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {STAFF_ROLES.map((role) => (
              <Checkbox key={role} label={rolesMessages[role]} value={role} {...form.register('also_roles')} />
            ))}
          </div>
          {errors.also_roles?.message && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.also_roles.message}
            </p>
          )}
        </fieldset>
        <Checkbox label={u.active} hint={u.activeHint} error={errors.is_active?.message} {...form.register('is_active')} />
      </form>
    </Modal>
  );
}
