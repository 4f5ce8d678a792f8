import { CommandsView } from '../features/commands/commands-view';
import { docsContent } from '../features/content/docs-content';

export default function CommandsPage() {
  return <CommandsView commands={docsContent().commands} />;
}
