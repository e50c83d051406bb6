import { UnderConstruction } from '@/components/under-construction';

export default function DonorProgramsPage() {
  return <UnderConstruction />;
}
