import { UnderConstruction } from '@/components/under-construction';

export default function VerifyEmailPage() {
  return <UnderConstruction />;
}
