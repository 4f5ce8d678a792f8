import { ContentPage } from '../features/content/content-page';

export default function PropsPage() {
  return <ContentPage id="props" />;
}
