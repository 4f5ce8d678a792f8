import { ContentPage } from '../features/content/content-page';

export default function MapsPage() {
  return <ContentPage id="maps" />;
}
