import { UnderConstruction } from '@/components/under-construction';

export default function HomePage() {
  return <UnderConstruction />;
}
