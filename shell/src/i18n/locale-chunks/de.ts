// The chunk locale-de: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/de.json';
import shell from '../../../locales/de.json';

export default { ...kit, ...shell };
