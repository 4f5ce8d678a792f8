import { ContentPage } from '../features/content/content-page';

export default function TargettingPage() {
  return <ContentPage id="targetting" />;
}
