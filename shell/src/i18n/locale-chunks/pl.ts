// The chunk locale-pl: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/pl.json';
import shell from '../../../locales/pl.json';

export default { ...kit, ...shell };
