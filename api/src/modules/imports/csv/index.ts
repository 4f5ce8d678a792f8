// The csv sub-door of the imports module: bans and comm blocks from any other system in the
// documented CSV layout. Files outside csv/ import this, never a file inside it.
export { CSV_KIND, CSV_REASON, importCsv, readCsvSource } from './csv-import';
