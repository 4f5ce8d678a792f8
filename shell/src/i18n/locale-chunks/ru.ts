// The chunk locale-ru: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/ru.json';
import shell from '../../../locales/ru.json';
import chrome from '../../chrome/locales/ru.json';

export default { ...kit, ...shell, ...chrome };
