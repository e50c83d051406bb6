// Programs of the Sistema tab, and the manager they share with the events (events-manager.tsx)
// (docs/product.md#figures): one manager lists the items, creates and edits them in a modal with the
// shared schema, and deletes after a confirmation; each kind of content only says how its items look
// and which form edits them.
import { type BaseSyntheticEvent, type ReactNode, useState } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type LucideIcon, Pencil, Plus, Sprout, Trash2 } from 'lucide-react';
import { toast } from 'react-hot-toast';
import { type z } from 'zod';
import { formatMoney, formatPercent } from '@donaciones/shared/format';
import { adminMessages } from '@donaciones/shared/messages/admin';
import { type AdminProgram, programInputSchema } from '@donaciones/shared/schemas/admin';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Checkbox, TextArea, TextInput } from '@/components/form-fields';
import { Modal } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { ErrorMessage } from '@/components/flash-message';
import { applyServerErrors } from '@/lib/form-errors';
import { useDeleteProgram } from '../api/delete-program';
import { useAdminPrograms } from '../api/get-admin-programs';
import { type ProgramValues, useSaveProgram } from '../api/save-program';

const t = adminMessages.system;
const c = adminMessages.common;

function ConfirmDelete({ title, text, onConfirm, onClose, pending }: { title: string; text: string; onConfirm: () => void; onClose: () => void; pending: boolean }) {
  return (
    <Modal
      open
      role="alertdialog"
      size="sm"
      title={title}
      description={text}
      onClose={onClose}
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {c.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending} loadingText={c.deleting} icon={<Trash2 aria-hidden="true" className="size-4" />}>
            {c.delete}
          </Button>
        </>
      }
    />
  );
}

/** The edit modal of a manager: the form (fields given as children), its error line, cancel and save. */
export function EditorModal({
  formId,
  title,
  saving,
  error,
  onClose,
  onSubmit,
  children,
}: {
  formId: string;
  title: string;
  saving: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      size="lg"
      onClose={onClose}
      dismissible={!saving}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {c.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText={c.saving}>
            {c.save}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <ErrorMessage message={error} />
        {children}
      </form>
    </Modal>
  );
}

/** Submitting `form` saves its item (new when `id` is undefined): a toast and closing on success;
 * otherwise the server's field messages on the fields and `failed` above them. */
export function useSaveItem<TInput extends FieldValues, TValues extends FieldValues>(
  form: UseFormReturn<TInput, unknown, TValues>,
  save: UseMutationResult<unknown, unknown, { id?: number; values: TValues }>,
  { id, saved, failed, onClose }: { id: number | undefined; saved: string; failed: string; onClose: () => void },
) {
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id, values });
      toast.success(saved);
      onClose();
    } catch (err) {
      applyServerErrors(form.setError, err);
      setError(failed);
    }
  });
  return { error, submit };
}

interface ManagerTexts<T> {
  title: string;
  description: string;
  create: string;
  empty: string;
  deleted: string;
  deleteTitle: string;
  deleteText: (name: string) => string;
  nameOf: (item: T) => string;
}

/** A card listing one kind of content, with create, edit and delete. */
export function ContentManager<T extends { id: number }>({
  texts,
  icon: Icon,
  query,
  remove,
  renderList,
  renderEditor,
}: {
  texts: ManagerTexts<T>;
  icon: LucideIcon;
  query: UseQueryResult<T[]>;
  remove: UseMutationResult<unknown, unknown, number>;
  /** The items, each with its edit and delete buttons from `actions`. */
  renderList: (items: T[], actions: (item: T) => ReactNode) => ReactNode;
  renderEditor: (item: T | null, onClose: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(texts.deleted);
      setDeleting(null);
    } catch {
      toast.error(t.deleteError);
    }
  };

  const actions = (item: T) => (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="icon" aria-label={`${c.edit}: ${texts.nameOf(item)}`} onClick={() => setEditing({ item })}>
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50" aria-label={`${c.delete}: ${texts.nameOf(item)}`} onClick={() => setDeleting(item)}>
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );

  return (
    <Card
      title={texts.title}
      description={texts.description}
      actions={
        <Button size="sm" onClick={() => setEditing({ item: null })} icon={<Plus aria-hidden="true" className="size-4" />}>
          {texts.create}
        </Button>
      }
    >
      {query.isError ? (
        <ErrorState message={t.loadError} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Skeleton className="h-40" />
      ) : query.data.length === 0 ? (
        <EmptyState title={texts.empty} icon={<Icon aria-hidden="true" className="size-6" />} />
      ) : (
        renderList(query.data, actions)
      )}
      {editing && renderEditor(editing.item, () => setEditing(null))}
      {deleting && (
        <ConfirmDelete
          title={texts.deleteTitle}
          text={texts.deleteText(texts.nameOf(deleting))}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}

// ---------------------------------------------------------------- programs

type ProgramInput = z.input<typeof programInputSchema>;

function ProgramModal({ program, onClose }: { program: AdminProgram | null; onClose: () => void }) {
  const save = useSaveProgram();
  const form = useForm<ProgramInput, unknown, ProgramValues>({
    resolver: zodResolver(programInputSchema),
    defaultValues: program
      ? {
          name: program.name,
          description: program.description,
          highlight_value: program.highlight_value,
          highlight_label: program.highlight_label,
          goal_amount: program.goal_amount,
          coming_soon: program.coming_soon,
          is_active: program.is_active,
          sort_order: program.sort_order,
        }
      : { name: '', description: '', highlight_value: '', highlight_label: '', coming_soon: false, is_active: true, sort_order: 0 },
  });
  const { errors } = form.formState;
  const { error, submit } = useSaveItem(form, save, { id: program?.id, saved: t.programSaved, failed: t.programError, onClose });
  return (
    <EditorModal
      formId="program-form"
      title={program ? t.editProgram : t.newProgram}
      saving={save.isPending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput label={t.programName} required error={errors.name?.message} {...form.register('name')} />
      <TextArea label={t.programDescription} rows={3} error={errors.description?.message} {...form.register('description')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput label={t.highlightValue} hint={t.highlightValueHint} error={errors.highlight_value?.message} {...form.register('highlight_value')} />
        <TextInput label={t.highlightLabel} hint={t.highlightLabelHint} error={errors.highlight_label?.message} {...form.register('highlight_label')} />
        {/* Typed as a donor would ("60,000" or "60000.50"), read by the schema with the words for what it refuses (empty: the goal is asked for). */}
        <TextInput
          label={t.goal}
          inputMode="decimal"
          prefix="Q"
          required
          error={errors.goal_amount?.message}
          {...form.register('goal_amount')}
        />
        {program && (
          <div className="text-sm">
            <p className="font-semibold text-ink-800">{t.current}</p>
            <p className="mt-1 font-display text-lg font-semibold text-ink-900 tabular-nums" data-testid="program-raised">
              {formatMoney(program.current_amount)}
            </p>
            <p className="mt-0.5 text-xs text-ink-600">{t.currentFromLedger}</p>
          </div>
        )}
        <TextInput label={t.sortOrder} type="number" inputMode="numeric" min={0} step={1} error={errors.sort_order?.message} {...form.register('sort_order', { valueAsNumber: true })} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <Checkbox label={t.programActive} {...form.register('is_active')} />
        <Checkbox label={t.comingSoon} {...form.register('coming_soon')} />
      </div>
    </EditorModal>
  );
}

export function ProgramsManager() {
  return (
    <ContentManager<AdminProgram>
      texts={{
        title: t.programsTitle,
        description: t.programsDescription,
        create: t.newProgram,
        empty: t.noPrograms,
        deleted: t.programDeleted,
        deleteTitle: t.deleteProgramTitle,
        deleteText: t.deleteProgramText,
        nameOf: (program) => program.name,
      }}
      icon={Sprout}
      query={useAdminPrograms()}
      remove={useDeleteProgram()}
      renderList={(programs, actions) => (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {programs.map((program) => (
        <li key={program.id} className="flex flex-col rounded-2xl border border-sand-200 bg-sand-50/50 p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink-900">{program.name}</p>
              <div className="mt-1 flex flex-wrap gap-1.5">
                {program.coming_soon && <Badge tone="accent">{t.comingSoon}</Badge>}
                {!program.is_active && <Badge tone="neutral">{t.inactive}</Badge>}
              </div>
            </div>
            {actions(program)}
          </div>
          {program.description && <p className="mt-2 line-clamp-2 text-sm text-ink-600">{program.description}</p>}
          <div className="mt-auto pt-3">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold text-ink-900 tabular-nums">{formatMoney(program.current_amount)}</span>
              <span className="text-ink-500 tabular-nums">/ {formatMoney(program.goal_amount)}</span>
            </div>
            <div
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-sand-200"
              role="progressbar"
              aria-label={program.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={program.progress_percentage}
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${program.progress_percentage}%` }} />
            </div>
            <p className="mt-1 text-xs text-ink-500">{t.progress(formatPercent(program.progress_percentage))}</p>
          </div>
        </li>
      ))}
    </ul>
      )}
      renderEditor={(program, onClose) => <ProgramModal key={program?.id ?? 'new'} program={program} onClose={onClose} />}
    />
  );
}

// ---------------------------------------------------------------- events
