// The chunk locale-tr: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/tr.json';
import shell from '../../../locales/tr.json';
import chrome from '../../chrome/locales/tr.json';

export default { ...kit, ...shell, ...chrome };
