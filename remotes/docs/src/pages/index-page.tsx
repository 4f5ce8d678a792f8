import { DocsIndex } from '../features/content/docs-index';

export default DocsIndex;
