// The chunk locale-pt-BR: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/pt-BR.json';
import shell from '../../../locales/pt-BR.json';
import chrome from '../../chrome/locales/pt-BR.json';

export default { ...kit, ...shell, ...chrome };
