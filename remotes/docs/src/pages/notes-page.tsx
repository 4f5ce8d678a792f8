import { ContentPage } from '../features/content/content-page';

export default function NotesPage() {
  return <ContentPage id="notes" />;
}
