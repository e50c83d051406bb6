import { UnderConstruction } from '@/components/under-construction';

export default function DonorHistoryPage() {
  return <UnderConstruction />;
}
