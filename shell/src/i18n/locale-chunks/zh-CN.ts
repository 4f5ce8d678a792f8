// The chunk locale-zh-CN: the shell's and the kit's messages in this locale, one request (see ../catalogs.ts).
import kit from '@outpost/ui/locales/zh-CN.json';
import shell from '../../../locales/zh-CN.json';

export default { ...kit, ...shell };
