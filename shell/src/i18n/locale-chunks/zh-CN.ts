// The chunk locale-zh-CN: the shell's messages in this locale (its first-load words' too,
// ../../chrome) and the kit's, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/zh-CN.json';
import shell from '../../../locales/zh-CN.json';
import chrome from '../../chrome/locales/zh-CN.json';

export default { ...kit, ...shell, ...chrome };
