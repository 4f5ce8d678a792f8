// The chunk locale-pt-BR: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/pt-BR.json';
import shell from '../../../locales/pt-BR.json';

export default { ...kit, ...shell };
