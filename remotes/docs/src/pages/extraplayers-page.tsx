import { ContentPage } from '../features/content/content-page';

export default function ExtraPlayersPage() {
  return <ContentPage id="extraplayers" />;
}
