import { docsContent } from '../features/content/docs-content';
import { CvarsView } from '../features/cvars/cvars-view';

export default function CvarsPage() {
  return <CvarsView cvars={docsContent().cvars} />;
}
