import { UnderConstruction } from '@/components/under-construction';

export default function ForgotPasswordPage() {
  return <UnderConstruction />;
}
