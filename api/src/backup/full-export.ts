import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import { BINARY_COLUMNS, EXPORTED_TABLES, isExportedSetting, SECRET_COLUMNS } from './export-policy';
import type { ExportSource, Row } from './export-source';

// Outpost's full export (issue 24, README "Export format"): one JSON document,
//   {"format":"outpost-export","version":1,"migrations":[...],"tables":{
//   "bans":[
//   {"id":1,...},
//   ...
//   ]}}
// one row per line, tables and rows in a fixed order and no time stamp, so the same data
// always gives the same bytes (a restore is proven by equal exports). Any JSON reader takes
// it; `pnpm outpost import outpost` reads it back line by line.

export const EXPORT_FORMAT = 'outpost-export';
export const EXPORT_VERSION = 1;

export interface ExportSummary {
  tables: Record<string, number>;
  bytes: number;
}

/** Rows as exported: secret columns blanked, secret and bookkeeping settings left out. */
function exportedRows(table: string, rows: Row[]): Row[] {
  const secrets = SECRET_COLUMNS[table];
  let out = rows;
  if (table === 'settings') out = out.filter((row) => isExportedSetting(String(row.key)));
  if (secrets) out = out.map((row) => ({ ...row, ...Object.fromEntries(secrets.map((column) => [column, ''])) }));
  const binary = BINARY_COLUMNS[table];
  if (binary)
    out = out.map((row) => ({
      ...row,
      ...Object.fromEntries(
        binary.map((column) => [column, Buffer.from(row[column] as Uint8Array).toString('base64')]),
      ),
    }));
  return out;
}

/** Name order, except that a table comes after the tables its foreign keys name: an import in file order never breaks one. */
export function parentsFirst<T extends { name: string; parents: string[] }>(tables: T[]): T[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const placed = new Set<string>();
  const out: T[] = [];
  const place = (table: T, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const parent of [...table.parents].sort()) {
      const found = byName.get(parent);
      if (found && parent !== table.name) place(found, path);
    }
    placed.add(table.name);
    out.push(table);
  };
  for (const table of [...tables].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
    place(table, new Set());
  return out;
}

async function write(stream: fs.WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** Writes the export of `source` to `file`; answers the row count per table. */
export async function writeExport(source: ExportSource, file: string): Promise<ExportSummary> {
  const stream = fs.createWriteStream(file);
  const summary: ExportSummary = { tables: {}, bytes: 0 };
  const header = { format: EXPORT_FORMAT, version: EXPORT_VERSION, migrations: await source.migrations() };
  await write(stream, `${JSON.stringify(header).slice(0, -1)},"tables":{`);
  const tables = parentsFirst((await source.tables()).filter((table) => EXPORTED_TABLES.includes(table.name)));
  for (const [index, table] of tables.entries()) {
    await write(stream, `\n${JSON.stringify(table.name)}:[`);
    let count = 0;
    for await (const batch of source.rows(table.name, table.columns)) {
      for (const row of exportedRows(table.name, batch)) {
        await write(stream, `${count === 0 ? '' : ','}\n${JSON.stringify(row, table.columns)}`);
        count += 1;
      }
    }
    await write(stream, `${count === 0 ? '' : '\n'}]${index < tables.length - 1 ? ',' : ''}`);
    summary.tables[table.name] = count;
  }
  await write(stream, '\n}}\n');
  stream.end();
  await once(stream, 'close');
  summary.bytes = fs.statSync(file).size;
  return summary;
}

export class ExportFormatError extends Error {
  override name = 'ExportFormatError';
}

export interface ExportHeader {
  format: string;
  version: number;
  migrations: string[];
}

/**
 * Reads an export: its header, then each table's rows in batches. Outpost's own layout (a row
 * per line) is streamed; any other layout of the same JSON is parsed whole.
 */
export async function readExport(
  file: string,
  onTable: (table: string, rows: Row[]) => Promise<void>,
  batchSize = 1000,
): Promise<ExportHeader> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? '' : first.value;
  if (!head.endsWith('"tables":{')) {
    lines.close();
    return readWhole(file, onTable, batchSize);
  }
  const header = checkHeader(JSON.parse(`${head}}}`));
  let table: string | null = null;
  let batch: Row[] = [];
  const flush = async () => {
    if (table !== null && batch.length > 0) await onTable(table, batch);
    batch = [];
  };
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const line = next.value;
    const opening = /^("(?:[^"\\]|\\.)*"):\[(\]?)(,?)$/.exec(line);
    if (opening) {
      await flush();
      table = JSON.parse(opening[1] as string) as string;
      if (opening[2]) table = null;
      continue;
    }
    if (line.startsWith('{')) {
      if (table === null) throw new ExportFormatError('a row outside any table');
      batch.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as Row);
      if (batch.length >= batchSize) await flush();
      continue;
    }
    if (/^\],?$/.test(line) || line === '}}') {
      await flush();
      table = null;
      continue;
    }
    throw new ExportFormatError(`unexpected line in the export: ${line.slice(0, 80)}`);
  }
  await flush();
  return header;
}

async function readWhole(
  file: string,
  onTable: (table: string, rows: Row[]) => Promise<void>,
  batchSize: number,
): Promise<ExportHeader> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ExportFormatError(`not a JSON document: ${(error as Error).message}`);
  }
  const header = checkHeader(parsed);
  const tables = (parsed as { tables?: unknown }).tables;
  if (!tables || typeof tables !== 'object') throw new ExportFormatError('"tables" must be an object');
  for (const [table, rows] of Object.entries(tables)) {
    if (!Array.isArray(rows)) throw new ExportFormatError(`"tables.${table}" must be an array of rows`);
    for (let start = 0; start < rows.length; start += batchSize)
      await onTable(table, rows.slice(start, start + batchSize));
  }
  return header;
}

function checkHeader(value: unknown): ExportHeader {
  const header = value as Partial<ExportHeader>;
  if (header?.format !== EXPORT_FORMAT)
    throw new ExportFormatError(`not an Outpost export (format must be "${EXPORT_FORMAT}")`);
  if (header.version !== EXPORT_VERSION) {
    throw new ExportFormatError(
      `export version ${String(header.version)} is not one this Outpost reads (${EXPORT_VERSION})`,
    );
  }
  if (!Array.isArray(header.migrations)) throw new ExportFormatError('"migrations" must be a list');
  return header as ExportHeader;
}
