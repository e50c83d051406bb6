import { UnderConstruction } from '@/components/under-construction';

export default function DonatePage() {
  return <UnderConstruction />;
}
