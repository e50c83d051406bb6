import { UnderConstruction } from '@/components/under-construction';

export default function DonorDashboardPage() {
  return <UnderConstruction />;
}
