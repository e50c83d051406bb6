import { UnderConstruction } from '@/components/under-construction';

export default function DonorDonationsPage() {
  return <UnderConstruction />;
}
