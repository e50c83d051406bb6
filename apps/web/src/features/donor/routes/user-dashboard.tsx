import { UnderConstruction } from '@/components/under-construction';

export default function UserDashboardPage() {
  return <UnderConstruction />;
}
