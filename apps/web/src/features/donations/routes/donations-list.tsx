import { UnderConstruction } from '@/components/under-construction';

export default function DonationsListPage() {
  return <UnderConstruction />;
}
