import { UnderConstruction } from '@/components/under-construction';

export default function NewDonationPage() {
  return <UnderConstruction />;
}
