import { ContentPage } from '../features/content/content-page';

export default function KeybindsPage() {
  return <ContentPage id="keybinds" />;
}
