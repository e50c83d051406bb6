import { UnderConstruction } from '@/components/under-construction';

export default function StatsPage() {
  return <UnderConstruction />;
}
