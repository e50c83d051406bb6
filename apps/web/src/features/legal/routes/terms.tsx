import { UnderConstruction } from '@/components/under-construction';

export default function TermsPage() {
  return <UnderConstruction />;
}
