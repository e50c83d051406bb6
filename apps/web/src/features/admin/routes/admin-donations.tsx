import { UnderConstruction } from '@/components/under-construction';

export default function AdminDonationsPage() {
  return <UnderConstruction />;
}
