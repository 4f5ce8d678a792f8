import '../styles/moderation.css';
import { BansView } from '../bans/bans-view';

export default function PublicBansPage() {
  return <BansView mode="public" />;
}
