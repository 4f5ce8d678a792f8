// The chunk locale-pl: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/pl.json';
import shell from '../../../locales/pl.json';
import chrome from '../../chrome/locales/pl.json';

export default { ...kit, ...shell, ...chrome };
