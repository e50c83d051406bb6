import { MemberDashboard } from '../components/member-dashboard';

export default function UserDashboardPage() {
  return <MemberDashboard variant="user" />;
}
