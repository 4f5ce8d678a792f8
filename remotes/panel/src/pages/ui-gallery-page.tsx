import '../gallery/gallery.css';
import { GalleryView } from '../gallery/gallery-view';

/** /panel/ui (lazy): the kit's gallery. */
export default function UiGalleryPage() {
  return <GalleryView />;
}
