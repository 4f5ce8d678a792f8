// The sourcebans sub-door of the imports module (issue 23): what the module's other parts use of
// sourcebans/. Files outside sourcebans/ import this, never a file inside it.

export type { ImportProgress } from './sourcebans-import';
export { importSourceBans } from './sourcebans-import';
export type { SourceBansSource } from './sourcebans-source';
export { ImportInputError, openSourceBans, redactUrl } from './sourcebans-source';
