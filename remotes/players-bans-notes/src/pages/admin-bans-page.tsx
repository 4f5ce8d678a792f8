import '../styles/moderation.css';
import { BansView } from '../bans/bans-view';

export default function AdminBansPage() {
  return <BansView mode="staff" />;
}
