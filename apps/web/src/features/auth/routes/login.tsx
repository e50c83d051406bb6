import { UnderConstruction } from '@/components/under-construction';

export default function LoginPage() {
  return <UnderConstruction />;
}
