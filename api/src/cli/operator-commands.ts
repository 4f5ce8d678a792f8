import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup, NotABackup } from '../backup/backup';
import { NoDatabaseYet, openExportSource } from '../backup/export-source';
import { writeExport } from '../backup/full-export';
import { ImportRefused, importExport } from '../backup/import-export';
import { restoreBackup } from '../backup/restore';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { redactDatabaseUrl } from '../logging/banner';
import { ImportInputError, type ImportSummary, importsService } from '../modules/imports';
import { runDoctor } from './doctor/doctor-command';
import type { CliIo } from './outpost-cli';

// `pnpm outpost backup|restore|export|import outpost` (issue 24). Each reads DATABASE_URL
// and the storage settings as the server does, and may run while the server runs.

export const OPERATOR_USAGE = [
  'usage: pnpm outpost backup [--to <folder>]            a snapshot of the database and addon files (default folder: backups/)',
  '       pnpm outpost restore <backup folder>           into an empty DATABASE_URL and STORAGE_DIR',
  '       pnpm outpost export [--to <file.json>]          the full export (README "Export format"), no secrets',
  '       pnpm outpost import outpost --from <file.json>  an export into an empty database',
  '       pnpm outpost import csv --from <bans.csv> [--source <name>]  bans and comm blocks (README "CSV format")',
  '       pnpm outpost doctor                             checks this installation and says what to do',
].join('\n');

type Command = (args: string[], io: CliIo) => Promise<number>;

class UsageError extends Error {}

function parse<T extends Record<string, { type: 'string' }>>(args: string[], options: T, positionals = 0) {
  try {
    const parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals > 0 });
    if (parsed.positionals.length > positionals)
      throw new UsageError(`unexpected argument: ${parsed.positionals[positionals]}`);
    return parsed as { values: { [K in keyof T]?: string }; positionals: string[] };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const backup: Command = async (args, io) => {
  const { values } = parse(args, { to: { type: 'string' } });
  const config = loadConfig(io.env);
  const result = await createBackup(config, { to: values.to ?? 'backups' });
  const { database, files } = result.manifest;
  io.out.write(
    `Backup written to ${result.folder} in ${result.seconds} s\n` +
      `  database: ${database.kind} ${database.file} (${mb(database.bytes)})${database.note ? ` — ${database.note}` : ''}\n` +
      `  files: ${'copied' in files ? `${files.copied} (${mb(files.bytes)})` : files.skipped}\n` +
      `Restore it with: pnpm outpost restore ${result.folder}\n`,
  );
  return 0;
};

const restore: Command = async (args, io) => {
  const { positionals } = parse(args, {}, 1);
  const folder = positionals[0];
  if (!folder) throw new UsageError('name the backup folder');
  const config = loadConfig(io.env);
  const result = await restoreBackup(config, path.resolve(folder));
  io.out.write(
    `Restored ${folder} into ${redactDatabaseUrl(config.DATABASE_URL)}: ${result.how}; ${result.files} addon file(s)\n`,
  );
  return 0;
};

const exportCommand: Command = async (args, io) => {
  const { values } = parse(args, { to: { type: 'string' } });
  const config = loadConfig(io.env);
  const file = path.resolve(values.to ?? `outpost-export-${stamp()}.json`);
  const source = await openExportSource(config.DATABASE_URL);
  try {
    const summary = await writeExport(source, file);
    const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
    io.out.write(
      `Exported ${rows} rows of ${Object.keys(summary.tables).length} tables to ${file} (${mb(summary.bytes)})\n`,
    );
  } finally {
    await source.close();
  }
  return 0;
};

const importOutpost: Command = async (args, io) => {
  const { values } = parse(args, { from: { type: 'string' } });
  if (!values.from) throw new UsageError('--from is required');
  if (!fs.existsSync(values.from)) throw new ImportRefused(`no such file: ${values.from}`);
  const config = loadConfig(io.env);
  const counts = await importExport(config.DATABASE_URL, path.resolve(values.from));
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  io.out.write(`Imported ${rows} rows into ${Object.keys(counts).length} tables from ${values.from}\n`);
  return 0;
};

const importCsvCommand: Command = async (args, io) => {
  const { values } = parse(args, { from: { type: 'string' }, source: { type: 'string' } });
  if (!values.from) throw new UsageError('--from is required');
  const source = importsService.readCsvSource(values.from, values.source);
  const database = openDatabase(loadConfig(io.env).DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const record = await importsService.startJobRecord(database.db, { importer: 'csv', source: source.key });
    let summary: ImportSummary;
    try {
      summary = await importsService.importCsv(database.db, source, record.progress);
    } catch (error) {
      await record.fail(error);
      throw error;
    }
    await record.finish();
    io.out.write(`CSV import from ${values.from} (${source.key})\n${summary.format()}\n`);
    if (summary.totalImported() === 0) io.out.write('Nothing new to import.\n');
  } finally {
    await database.close();
  }
  return 0;
};

export const OPERATOR_COMMANDS: Record<string, Command> = { backup, restore, export: exportCommand, doctor: runDoctor };
export const IMPORT_COMMANDS: Record<string, Command> = { outpost: importOutpost, csv: importCsvCommand };

/** Runs one of these commands with their refusals as exit codes: 2 usage or refused input, 1 failure. */
export async function runOperatorCommand(command: Command, args: string[], io: CliIo): Promise<number> {
  try {
    return await command(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err.write(`${error.message}\n${OPERATOR_USAGE}\n`);
      return 2;
    }
    const refused = [ImportRefused, ConfigError, NoDatabaseYet, NotABackup, ImportInputError];
    if (refused.some((kind) => error instanceof kind)) {
      io.err.write(`${(error as Error).message}\n`);
      return 2;
    }
    io.err.write(`failed: ${(error as Error).message}\n`);
    return 1;
  }
}
