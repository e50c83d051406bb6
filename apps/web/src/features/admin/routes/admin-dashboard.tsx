import { UnderConstruction } from '@/components/under-construction';

export default function AdminDashboardPage() {
  return <UnderConstruction />;
}
