import { docsContent } from '../features/content/docs-content';
import { TutorialsView } from '../features/tutorials/tutorials-view';

export default function TutorialsPage() {
  return <TutorialsView tutorials={docsContent().tutorials} />;
}
