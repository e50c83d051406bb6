import { UnderConstruction } from '@/components/under-construction';

export default function PrivacyPage() {
  return <UnderConstruction />;
}
