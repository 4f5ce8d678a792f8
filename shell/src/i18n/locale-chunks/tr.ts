// The chunk locale-tr: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/tr.json';
import shell from '../../../locales/tr.json';

export default { ...kit, ...shell };
