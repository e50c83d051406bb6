import { MemberDashboard } from '../components/member-dashboard';

export default function DonorDashboardPage() {
  return <MemberDashboard variant="donor" />;
}
