import { UnderConstruction } from '@/components/under-construction';

export default function AdminUsersPage() {
  return <UnderConstruction />;
}
