// /apadrina (docs/product.md#sponsorship): the children waiting for a sponsor, longest waiting first,
// with filters by age, department and programme; "Apadrinar por Q… al mes" on each, and "Donde más
// se necesite" (the child waiting longest). Never indexed.
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@donaciones/shared/format';
import { sponsorshipTexts as t } from '@donaciones/shared/messages/sponsorship';
import { GUATEMALA_DEPARTMENTS, type PublicChildrenQuery } from '@donaciones/shared/schemas/sponsorship';
import { Button, ButtonLink } from '@/components/button';
import { Select } from '@/components/form-fields';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { EmptyState, ErrorState } from '@/components/states';
import { apadrinaChildPath, sponsorPath } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useWaitingChildren } from '../api/sponsorship';
import { ChildFacts, ChildPhoto, useNoIndex } from '../components/child-card';
import { useChooseChild } from '../components/use-choose-child';

const AGE_RANGES: Record<string, { label: string; minAge: number; maxAge: number }> = {
  '0-5': { label: '0 a 5 años', minAge: 0, maxAge: 5 },
  '6-9': { label: '6 a 9 años', minAge: 6, maxAge: 9 },
  '10-13': { label: '10 a 13 años', minAge: 10, maxAge: 13 },
  '14-18': { label: '14 a 18 años', minAge: 14, maxAge: 18 },
};

export default function ApadrinaPage() {
  useDocumentTitle(t.pageTitle);
  useNoIndex();
  const [age, setAge] = useState('');
  const [department, setDepartment] = useState('');
  const [programId, setProgramId] = useState('');
  const range = AGE_RANGES[age];
  const query: PublicChildrenQuery = {
    ...(range ? { minAge: range.minAge, maxAge: range.maxAge } : {}),
    ...(department ? { department: department as PublicChildrenQuery['department'] } : {}),
    ...(programId ? { programId: Number(programId) } : {}),
  };
  const list = useWaitingChildren(query);
  // "Donde más se necesite" and the empty state look at everyone waiting, whatever the filters say.
  const everyone = useWaitingChildren({});
  const nobodyWaiting = everyone.data?.children.length === 0;
  const { choose, pending, error } = useChooseChild();
  const amount = list.data ? formatMoney(list.data.monthlyAmount) : '';

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <PageHeader eyebrow="Apadrina" title={t.pageTitle} description={t.intro} />
      <section aria-labelledby="mas-necesita" className="rounded-xl border border-sand-200 bg-white p-5 sm:flex sm:items-center sm:justify-between sm:gap-6">
        <div>
          <h2 id="mas-necesita" className="text-xl font-semibold">{t.mostNeeded}</h2>
          <p className="text-ink-600">{t.mostNeededHint}</p>
        </div>
        <Button className="mt-3 sm:mt-0" onClick={() => choose(null)} loading={pending} disabled={!everyone.data || nobodyWaiting}>
          {amount ? t.perMonth(amount) : t.mostNeeded}
        </Button>
      </section>
      {error && <p role="alert" className="font-semibold text-danger-700">{error}</p>}
      <form className="grid gap-4 sm:grid-cols-3" aria-label={t.filters} onSubmit={(e) => e.preventDefault()}>
        <Select label={t.age} value={age} onChange={(e) => setAge(e.currentTarget.value)} options={[{ value: '', label: t.anyAge }, ...Object.entries(AGE_RANGES).map(([value, r]) => ({ value, label: r.label }))]} />
        <Select label={t.department} value={department} onChange={(e) => setDepartment(e.currentTarget.value)} options={[{ value: '', label: t.anyDepartment }, ...GUATEMALA_DEPARTMENTS.map((d) => ({ value: d, label: d }))]} />
        <Select
          label={t.program}
          value={programId}
          onChange={(e) => setProgramId(e.currentTarget.value)}
          options={[{ value: '', label: t.anyProgram }, ...(list.data?.programs ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
        />
      </form>
      {list.isPending && <Skeleton className="h-64" />}
      {list.isError && <ErrorState message="No pudimos cargar la lista." onRetry={() => void list.refetch()} />}
      {list.data && list.data.children.length === 0 && (nobodyWaiting ? (
        <EmptyState title={t.nobodyWaiting} description={t.nobodyWaitingHint} action={<ButtonLink to={sponsorPath} variant="outline">{t.donateMonthly}</ButtonLink>} />
      ) : (
        <EmptyState title={t.noneWaiting} />
      ))}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.data?.children.map((child) => (
          <li key={child.id} className="flex flex-col rounded-xl border border-sand-200 bg-white p-4" data-testid="waiting-child">
            <ChildPhoto child={child} src={child.photoUrl} />
            <h2 className="mt-3 text-xl font-semibold">{child.firstName}</h2>
            <ChildFacts child={child} />
            {child.story && <p className="mt-2 line-clamp-3 text-ink-800">{child.story}</p>}
            <div className="mt-auto flex flex-col gap-2 pt-4">
              <Button onClick={() => choose(child.id)} loading={pending}>{t.perMonth(formatMoney(child.monthlyAmount))}</Button>
              <Link className="text-center font-semibold text-brand-700 underline" to={apadrinaChildPath(child.id)}>{t.seeProfile(child.firstName)}</Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
