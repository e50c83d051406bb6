import { UnderConstruction } from '@/components/under-construction';

export default function ResetPasswordPage() {
  return <UnderConstruction />;
}
