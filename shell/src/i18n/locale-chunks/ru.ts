// The chunk locale-ru: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/ru.json';
import shell from '../../../locales/ru.json';

export default { ...kit, ...shell };
