import '../shares-addons.css';
import { SharesRoot } from '../features/shares-root';

export default function SharesPage() {
  return <SharesRoot />;
}
