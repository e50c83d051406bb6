import { UnderConstruction } from '@/components/under-construction';

export default function DonationDetailPage() {
  return <UnderConstruction />;
}
