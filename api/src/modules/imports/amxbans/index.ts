// The amxbans sub-door of the imports module: AMXBans (GoldSrc). Files outside amxbans/ import
// this, never a file inside it.
export { importAmxBans, openAmxBans } from './amxbans-import';
