import { ContentPage } from '../features/content/content-page';

export default function RulesPage() {
  return <ContentPage id="rules" />;
}
