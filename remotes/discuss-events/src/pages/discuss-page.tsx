import '../discussions/discussions.css';
import { RemoteRoot } from '@outpost/ui';
import { DiscussRoot } from '../discussions/discuss-root';

export default function DiscussPage() {
  return (
    <RemoteRoot id="discuss-events">
      <DiscussRoot />
    </RemoteRoot>
  );
}
