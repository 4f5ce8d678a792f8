// The sourcebans sub-door of the imports module (issue 23): what the module's other parts use of
// sourcebans/. Files outside sourcebans/ import this, never a file inside it.

import { type MysqlSource, openMysqlSource } from '../mysql-source';

export { importSourceBans } from './sourcebans-import';

export type SourceBansSource = MysqlSource;

/** Connects to a SourceBans++ database (mysql:// URL, table prefix, sb_ by default). */
export function openSourceBans(url: string, prefix = 'sb_'): Promise<SourceBansSource> {
  return openMysqlSource(url, prefix, 'sourcebans');
}
