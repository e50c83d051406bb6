// The staff's child record form (create and edit), with the shared schema's Spanish errors next to
// each field. Fields marked "Solo personal" never leave the staff console.
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChildInput, childEditFormSchema, childInputSchema, GUATEMALA_DEPARTMENTS, type StaffChild } from '@donaciones/shared/schemas/sponsorship';
import { sponsorshipMessages as m } from '@donaciones/shared/messages/sponsorship';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Checkbox, Select, TextArea, TextInput } from '@/components/form-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { usePublicSite } from '@/lib/public-site';

const STAFF_ONLY = 'Solo personal: nunca se muestra al público ni al padrino.';

/** The form's values from the staff record: every field as stored (the story too, shown or not). */
export function childFormValues(child: StaffChild): ChildInput {
  return {
    firstName: child.firstName,
    fullName: child.fullName,
    birthDate: child.birthDate,
    department: child.department as ChildInput['department'],
    programId: child.programId,
    // Never the public `story` ('' until approved and consented): saving that back erased the story.
    story: child.storedStory,
    storyApproved: child.storyApproved,
    community: child.community,
    school: child.school,
    guardianName: child.guardianName,
    familySituation: child.familySituation,
    notes: child.notes,
    sponsorPlaces: child.sponsorPlaces,
  };
}

type FieldName = keyof ChildInput;

export function ChildForm({
  initial,
  submitLabel,
  onSubmit,
  pending,
  storyNote,
  storyPending = false,
}: {
  initial?: ChildInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (v: ChildInput) => Promise<unknown>;
  /** Why the stored story is not public today, if it is not. */
  storyNote?: string;
  /** The stored story waits for approval: saved since it was approved, or never approved. */
  storyPending?: boolean;
}) {
  const site = usePublicSite();
  const programs = site.data?.programs?.filter((p) => !p.coming_soon) ?? [];
  // Editing keeps the stored birth date of a child who turned 18 in the programme; a new one must be under 18.
  const schema = initial ? childEditFormSchema(initial.birthDate) : childInputSchema;
  // An edit follows the saved record (`values`): after saving a changed story the box shows it pending,
  // so a later save approves only if staff tick it (decision 0072).
  const form = useForm<ChildInput>({
    resolver: zodResolver(schema) as never,
    ...(initial ? { values: initial } : { defaultValues: { firstName: '', fullName: '', birthDate: '', story: '', community: '', school: '', guardianName: '', familySituation: '', notes: '', sponsorPlaces: 1, programId: null, storyApproved: false } }),
  });
  const e = form.formState.errors;
  const story = useWatch({ control: form.control, name: 'story' });
  const storyChanged = initial != null && initial.storyApproved && story !== initial.story;
  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit(v);
      if (!initial) form.reset();
    } catch (error) {
      applyServerErrors(form.setError, error, Object.keys(childInputSchema.shape) as FieldName[]);
    }
  });
  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <TextInput label="Primer nombre (público)" required {...form.register('firstName')} error={e.firstName?.message} />
      <TextInput label="Nombre completo" required hint={STAFF_ONLY} {...form.register('fullName')} error={e.fullName?.message} />
      <TextInput label="Fecha de nacimiento" type="date" required hint="El público solo ve la edad." {...form.register('birthDate')} error={e.birthDate?.message} />
      <Select label="Departamento (público)" required placeholder="Elige un departamento" options={GUATEMALA_DEPARTMENTS.map((d) => ({ value: d, label: d }))} {...form.register('department')} error={e.department?.message} />
      <Select
        label="Programa (público)"
        options={[{ value: '', label: 'Sin programa' }, ...programs.map((p) => ({ value: String(p.id), label: p.name }))]}
        {...form.register('programId', { setValueAs: (v) => (v === '' || v == null ? null : Number(v)) })}
        error={e.programId?.message}
      />
      <TextInput label="Lugares de padrinos" type="number" min={1} max={5} {...form.register('sponsorPlaces', { valueAsNumber: true })} error={e.sponsorPlaces?.message} />
      {storyPending && (
        <p className="sm:col-span-2">
          <Badge tone="warning">{m.storyPending}</Badge>
        </p>
      )}
      <TextArea className="sm:col-span-2" label="Historia corta (pública cuando está aprobada y con consentimiento)" rows={3} hint={storyNote} {...form.register('story')} error={e.story?.message} />
      <Checkbox className="sm:col-span-2" label="Historia aprobada para publicar" hint={storyChanged ? m.storyEditNeedsApproval : undefined} {...form.register('storyApproved')} />
      <TextInput label="Comunidad" hint={STAFF_ONLY} {...form.register('community')} error={e.community?.message} />
      <TextInput label="Escuela" hint={STAFF_ONLY} {...form.register('school')} error={e.school?.message} />
      <TextInput label="Persona encargada" hint={STAFF_ONLY} {...form.register('guardianName')} error={e.guardianName?.message} />
      <TextArea label="Situación familiar" rows={3} hint={`${STAFF_ONLY} Nunca se exporta.`} {...form.register('familySituation')} error={e.familySituation?.message} />
      <TextArea className="sm:col-span-2" label="Notas" rows={3} hint={`${STAFF_ONLY} Nunca se exporta.`} {...form.register('notes')} error={e.notes?.message} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={pending}>{submitLabel}</Button>
      </div>
    </form>
  );
}
