import { UnderConstruction } from '@/components/under-construction';

export default function AdminReportsPage() {
  return <UnderConstruction />;
}
