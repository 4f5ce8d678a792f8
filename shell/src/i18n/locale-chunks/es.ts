// The chunk locale-es: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/es.json';
import shell from '../../../locales/es.json';
import chrome from '../../chrome/locales/es.json';

export default { ...kit, ...shell, ...chrome };
