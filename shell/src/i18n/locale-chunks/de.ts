// The chunk locale-de: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/de.json';
import shell from '../../../locales/de.json';
import chrome from '../../chrome/locales/de.json';

export default { ...kit, ...shell, ...chrome };
