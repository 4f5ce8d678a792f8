import '../servers.css';
import { CreateServerWizard } from '../features/create-server/create-server-wizard';

/** `/admin/create-server` (lazy). */
export default function Page() {
  return <CreateServerWizard />;
}
