import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { ImportInputError, importsService, type JobRecord, type MysqlSource } from '../modules/imports';
import { IMPORT_COMMANDS, OPERATOR_COMMANDS, OPERATOR_USAGE, runOperatorCommand } from './operator-commands';
import { RESET_USAGE, runSecondFactorReset } from './second-factor-reset';

// `pnpm outpost <command>`: operator commands run against the site's database
// (DATABASE_URL, as the API uses it): `import sourcebans|simpleadmin|amxbans` and `2fa-reset`.

/** The importers that read another panel's MySQL/MariaDB database, all on one job model. */
const MYSQL_IMPORTERS = {
  sourcebans: {
    label: 'SourceBans++',
    prefix: 'sb_',
    open: importsService.openSourceBans,
    run: importsService.importSourceBans,
  },
  simpleadmin: {
    label: 'CS2-SimpleAdmin',
    prefix: 'sa_',
    open: importsService.openSimpleAdmin,
    run: importsService.importSimpleAdmin,
  },
  amxbans: {
    label: 'AMXBans',
    prefix: 'amx_',
    open: importsService.openAmxBans,
    run: importsService.importAmxBans,
  },
} as const;

type MysqlImporter = keyof typeof MYSQL_IMPORTERS;

const USAGE = `${Object.entries(MYSQL_IMPORTERS)
  .map(
    ([name, importer], i) =>
      `${i === 0 ? 'usage: ' : '       '}pnpm outpost import ${name} --from mysql://user:pass@host/database [--prefix ${importer.prefix}]${name === 'simpleadmin' ? ' [--multi-server-mode on|off]' : ''}`,
  )
  .join('\n')}\n       ${RESET_USAGE.replace('usage: ', '')}`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out: NodeJS.WritableStream & { isTTY?: boolean };
  err: NodeJS.WritableStream;
}

/** Runs one command; answers the exit code (0 done, 1 failed, 2 bad usage). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, what, ...rest] = argv;
  if (command === '2fa-reset') return runSecondFactorReset(argv.slice(1), io);
  // Backups, restores, exports and doctor (operator-commands.ts).
  const operator = command ? OPERATOR_COMMANDS[command] : undefined;
  if (operator) return runOperatorCommand(operator, argv.slice(1), io);
  const fileImporter = command === 'import' && what ? IMPORT_COMMANDS[what] : undefined;
  if (fileImporter) return runOperatorCommand(fileImporter, rest, io);
  if (command !== 'import' || !what || !Object.hasOwn(MYSQL_IMPORTERS, what)) {
    io.err.write(`${USAGE}\n${OPERATOR_USAGE}\n`);
    return 2;
  }
  const importer = MYSQL_IMPORTERS[what as MysqlImporter];
  let options: { from?: string; prefix?: string; 'multi-server-mode'?: string };
  try {
    options = parseArgs({
      args: rest,
      options: {
        from: { type: 'string' },
        prefix: { type: 'string', default: importer.prefix },
        // CS2-SimpleAdmin's MultiServerMode as the source ran it: off holds a ban given on a
        // server to that server (issue 25 item 3); on (its default) enforces it everywhere.
        'multi-server-mode': { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    io.err.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const multiServerMode = options['multi-server-mode'];
  if (multiServerMode !== undefined && (what !== 'simpleadmin' || !['on', 'off'].includes(multiServerMode))) {
    io.err.write(`--multi-server-mode is on or off, for simpleadmin only\n${USAGE}\n`);
    return 2;
  }
  if (!options.from) {
    io.err.write(`--from is required\n${USAGE}\n`);
    return 2;
  }
  let source: MysqlSource;
  try {
    source = await importer.open(options.from, options.prefix);
  } catch (error) {
    if (error instanceof ImportInputError) {
      io.err.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const database = openDatabase(loadConfig(io.env).DATABASE_URL);
  // A bar on a terminal; piped output (CI logs, files) gets only the summary.
  const bar = io.out.isTTY
    ? new SingleBar({
        stream: io.out,
        format: 'bans and comm blocks [{bar}] {percentage}% {value}/{total} ({eta}s left)',
        hideCursor: true,
      })
    : null;
  let record: JobRecord | null = null;
  try {
    await migrateToLatest(database.db);
    const started = Date.now();
    let barStarted = false;
    // The run's progress goes to import_jobs too: the panel's Imports page shows it.
    record = await importsService.startJobRecord(database.db, {
      importer: what as MysqlImporter,
      source: source.key,
      onProgress(done, total) {
        if (!bar) return;
        if (!barStarted) {
          bar.start(total, done);
          barStarted = true;
        } else bar.update(done);
      },
    });
    const summary =
      what === 'simpleadmin'
        ? await importsService.importSimpleAdmin(database.db, source, record.progress, {
            multiServerMode: multiServerMode !== 'off',
          })
        : await importer.run(database.db, source, record.progress);
    await record.finish();
    bar?.stop();
    io.out.write(
      `\n${importer.label} import from ${importsService.redactUrl(options.from)} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${summary.format()}\n`,
    );
    if (summary.totalImported() === 0) io.out.write('Nothing new to import.\n');
    return 0;
  } catch (error) {
    bar?.stop();
    await record?.fail(error);
    io.err.write(`import failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await source.close();
    await database.close();
  }
}
