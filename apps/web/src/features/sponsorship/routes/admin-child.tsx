// /admin/apadrinamiento/:id (sponsorship.manage, docs/product.md#sponsorship): one child's record, its
// status (with the reason when the child leaves), the guardians' consents and the photos (a photo of a
// type the server refuses, or too large to redraw under its limit, is refused before it is sent).
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatLongDate } from '@donaciones/shared/format';
import { SLIP_MAX_BYTES } from '@donaciones/shared/messages/deposits';
import { childStatusLabels, consentScopeLabels, sponsorshipMessages } from '@donaciones/shared/messages/sponsorship';
import { sponsorshipTransferMessages as transferMessages } from '@donaciones/shared/messages/sponsorship-transfer';
import { sponsorshipLifecycleMessages as lm } from '@donaciones/shared/messages/sponsorship-lifecycle';
import {
  CHILD_STATUSES,
  CONSENT_SCOPES,
  type ChildStatusInput,
  type ConsentInput,
  childStatusInputSchema,
  consentInputSchema,
  sponsorshipToday,
  type StaffChildDetail,
} from '@donaciones/shared/schemas/sponsorship';
import { RECORDED_DAY_MIN } from '@donaciones/shared/schemas/fields';
import { Button, ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { Select, TextInput } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { RecordError, recordFailure } from '@/components/states';
import { getErrorMessage } from '@/lib/api-client';
import { PHOTO_TYPES, acceptOf } from '@/lib/file-types';
import { applyServerErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { photoToSend } from '@/lib/photo-to-send';
import { useRouteId } from '@/lib/route-id';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ChildConsents } from '../components/child-consents';
import { ChildSponsors } from '../components/child-sponsors';
import { useAddConsent, useAddPhoto, useChildStatus, usePhotoUrl, useStaffChild, useUpdateChild } from '../api/sponsorship';
import { ChildBirthdayGifts } from '../components/birthday-gifts-staff';
import { ChildForm, childFormValues } from '../components/child-form';
import { StaffProgressReports } from '../components/staff-progress-reports';

/** The status with its reason; choosing "Salió del programa" says that the active sponsors will be emailed. */
export function StatusForm({ detail }: { detail: StaffChildDetail }) {
  const change = useChildStatus(detail.child.id);
  const form = useForm<ChildStatusInput>({ resolver: zodResolver(childStatusInputSchema) as never, defaultValues: { status: detail.child.status, reason: detail.child.statusReason ?? '' } });
  const submit = form.handleSubmit((v) => change.mutate(v, { onError: (err) => void applyServerErrors(form.setError, err, ['status', 'reason']) }));
  const leaving = useWatch({ control: form.control, name: 'status' }) === 'left' && detail.child.status !== 'left' && detail.sponsorships.some((s) => s.status === 'active');
  return (
    <form className="grid gap-4 sm:grid-cols-[1fr_2fr_auto] sm:items-end" onSubmit={submit} noValidate>
      <Select label="Estado" options={CHILD_STATUSES.map((s) => ({ value: s, label: childStatusLabels[s] }))} {...form.register('status')} error={form.formState.errors.status?.message} />
      <TextInput label="Motivo" hint="Obligatorio si salió del programa." {...form.register('reason')} error={form.formState.errors.reason?.message} />
      <Button type="submit" loading={change.isPending}>Guardar estado</Button>
      {leaving && (
        <p className="text-sm text-ink-700 sm:col-span-3" role="status">
          {`Al guardar, quien apadrina a ${detail.child.firstName} recibirá un correo (sin el motivo): su apadrinamiento termina y en "Mi ahijado/a" podrá elegir a otra niña u otro niño con el mismo aporte, seguir dando a "Donde más se necesite" o cancelar.`}
        </p>
      )}
    </form>
  );
}

function ConsentForm({ childId }: { childId: number }) {
  const add = useAddConsent(childId);
  const form = useForm<ConsentInput>({ resolver: zodResolver(consentInputSchema) as never, defaultValues: { givenBy: '', relationship: '', givenOn: '', expiresOn: '', scope: 'photos_and_story' } });
  const e = form.formState.errors;
  const submit = form.handleSubmit((v) => add.mutate(v, { onSuccess: () => form.reset(), onError: (err) => void applyServerErrors(form.setError, err, ['givenBy', 'relationship', 'givenOn', 'expiresOn', 'scope']) }));
  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate aria-label="Nuevo consentimiento">
      <TextInput label="Quién consiente" required {...form.register('givenBy')} error={e.givenBy?.message} />
      <TextInput label="Parentesco" required {...form.register('relationship')} error={e.relationship?.message} />
      <TextInput label="Fecha del consentimiento" type="date" required min={RECORDED_DAY_MIN} max={sponsorshipToday()} {...form.register('givenOn')} error={e.givenOn?.message} />
      <TextInput label="Vence el" type="date" required {...form.register('expiresOn')} error={e.expiresOn?.message} />
      <Select label="Autoriza" options={CONSENT_SCOPES.map((s) => ({ value: s, label: consentScopeLabels[s] }))} {...form.register('scope')} error={e.scope?.message} />
      <div className="sm:self-end">
        <Button type="submit" loading={add.isPending}>Registrar consentimiento</Button>
      </div>
    </form>
  );
}

function StaffPhoto({ url, shown }: { url: string; shown: boolean }) {
  const photo = usePhotoUrl(url);
  return (
    <figure className="w-40">
      {photo.data ? <img src={photo.data} alt="Foto de la ficha" className="aspect-square w-40 rounded-lg object-cover" /> : <Skeleton className="h-40 w-40" />}
      <figcaption className="mt-1 text-sm">{shown ? 'Visible' : 'Oculta'}</figcaption>
    </figure>
  );
}

/** The server's photo route takes up to 5 MB; a larger photo is redrawn under it first. */
const CHILD_PHOTO = { maxBytes: SLIP_MAX_BYTES, notImage: sponsorshipMessages.photoNotImage, tooLarge: sponsorshipMessages.photoTooLarge };

function Photos({ detail }: { detail: StaffChildDetail }) {
  const add = useAddPhoto(detail.child.id);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-4">{detail.photos.map((p) => <StaffPhoto key={p.id} url={p.url} shown={p.shown} />)}</div>
      <TextInput
        label="Subir foto"
        type="file"
        accept={acceptOf(PHOTO_TYPES)}
        hint="Solo con un consentimiento vigente de fotos. Se guarda sin metadatos (ubicación, cámara)."
        error={error ?? undefined}
        onChange={async (e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (!file) return;
          setError(null);
          const ready = await photoToSend(file, CHILD_PHOTO);
          if ('refusal' in ready) {
            setError(ready.refusal);
            input.value = '';
            return;
          }
          add.mutate(ready.photo, { onError: (err) => setError(getErrorMessage(err, 'No pudimos subir la foto.')) });
        }}
      />
    </div>
  );
}

/**
 * Why the stored story is not public today (pending approval, no current consent covering it), or that
 * the public still reads the version approved before an edit (decision 0072); nothing once it is public.
 */
export function storyNote(d: StaffChildDetail): string | undefined {
  if (d.child.storedStory === '') return undefined;
  if (!d.child.storyApproved && d.child.story !== '') return sponsorshipMessages.storyPendingKeepsApproved;
  if (d.child.story !== '') return undefined;
  const reasons = [
    ...(d.child.storyApproved ? [] : [sponsorshipMessages.storyNotApproved]),
    ...(d.consents.some((c) => c.current && (c.scope === 'story' || c.scope === 'photos_and_story')) ? [] : [sponsorshipMessages.storyNoConsent]),
  ];
  return reasons.length ? sponsorshipMessages.storyNotPublic(reasons) : undefined;
}

export default function AdminChildPage() {
  const id = useRouteId();
  const detail = useStaffChild(id);
  // Only called once the record is loaded, so with its id.
  const update = useUpdateChild(id ?? 0);
  useDocumentTitle(detail.data?.child.fullName ?? 'Ficha');
  const failure = recordFailure(id, detail);
  if (failure) {
    return (
      <div className="space-y-4">
        <RecordError failure={failure} notFound="No encontramos esta ficha." loadFailed="No pudimos cargar esta ficha." onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        <ButtonLink to={paths.adminSponsorship} variant="outline">Volver a apadrinamiento</ButtonLink>
      </div>
    );
  }
  if (!detail.data) return <Skeleton className="h-96" />;
  const d = detail.data;
  return (
    <div className="space-y-6">
      <PageHeader eyebrow="Apadrinamiento" title={d.child.fullName} description={`${childStatusLabels[d.child.status]} · ${d.child.takenPlaces} de ${d.child.sponsorPlaces} lugares tomados`} />
      <Card title="Estado">
        {/* A sponsor stopped: the place stays taken for the grace period (decision 0051). */}
        {d.returnsToListAt && <p className="mb-4 font-semibold text-ink-900">{lm.returnsToList(formatLongDate(d.returnsToListAt))}</p>}
        <StatusForm key={d.child.status} detail={d} />
      </Card>
      <Card title={transferMessages.staffSponsorsTitle}><ChildSponsors sponsorships={d.sponsorships} /></Card>
      <Card title="Consentimientos">
        <ChildConsents childId={d.child.id} consents={d.consents} />
        <ConsentForm childId={d.child.id} />
      </Card>
      <Card title="Fotos"><Photos detail={d} /></Card>
      <Card title="Regalos de cumpleaños"><ChildBirthdayGifts childId={d.child.id} /></Card>
      <Card title="Informes de avance"><StaffProgressReports childId={d.child.id} childName={d.child.firstName} /></Card>
      <Card title="Ficha">
        <ChildForm
          initial={childFormValues(d.child)}
          storyNote={storyNote(d)}
          storyPending={d.child.storedStory !== '' && !d.child.storyApproved}
          submitLabel="Guardar ficha"
          pending={update.isPending}
          onSubmit={(v) => update.mutateAsync(v)}
        />
      </Card>
    </div>
  );
}
