import '../styles/panel.css';
import { DashboardView } from '../dashboard/dashboard-view';

export default function DashboardPage() {
  return <DashboardView />;
}
