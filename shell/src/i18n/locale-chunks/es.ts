// The chunk locale-es: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/es.json';
import shell from '../../../locales/es.json';

export default { ...kit, ...shell };
