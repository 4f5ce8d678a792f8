import { ContentPage } from '../features/content/content-page';

export default function FttPage() {
  return <ContentPage id="ftt" />;
}
