import { UnderConstruction } from '@/components/under-construction';

export default function DonorReceiptsPage() {
  return <UnderConstruction />;
}
