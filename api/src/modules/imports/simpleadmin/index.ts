// The simpleadmin sub-door of the imports module: CS2-SimpleAdmin's database (also css-bans' and
// CSS-Panel's). Files outside simpleadmin/ import this, never a file inside it.
export { importSimpleAdmin, openSimpleAdmin } from './simpleadmin-import';
