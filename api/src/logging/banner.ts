import path from 'node:path';
import type { Config } from '../config';

// The few lines `npm start` and `npm run demo` end with (issue 24): where to open the site,
// how to become its owner while nobody is, where its data lives and how to stop it. Written
// straight to stdout after the server listens, so no log line comes before it.

export interface BannerFacts {
  title: string;
  /** The address to open (PUBLIC_URL). */
  url: string;
  /** The first-time setup link while the site has no owner, else null. */
  setupUrl: string | null;
  /** Extra lines (label, text) before "Data", e.g. the demo's accounts. */
  extra?: Array<[string, string]>;
  data: string;
  log: string;
}

export function renderBanner(facts: BannerFacts): string {
  const rows: Array<[string, string]> = [['Open', facts.url]];
  if (facts.setupUrl) {
    rows.push(['Become owner', 'sign in, then open this link (it holds the one-time setup token):']);
    rows.push(['', facts.setupUrl]);
  }
  rows.push(...(facts.extra ?? []), ['Data', facts.data], ['Log', facts.log], ['Stop', 'Ctrl+C']);
  const width = Math.max(...rows.map(([label]) => label.length));
  const body = rows.map(
    ([label, text]) => `  ${label ? `${label}:` : ''}${' '.repeat(width + 2 - label.length - (label ? 1 : 0))}${text}`,
  );
  return ['', `  ${facts.title}`, '', ...body, ''].join('\n');
}

/** The setup link a new owner opens (the panel's first-time setup page, token prefilled). */
export function setupLink(publicUrl: string, token: string): string {
  return `${publicUrl}/panel/first-time-setup?token=${encodeURIComponent(token)}`;
}

/** Where the database and addon files are, for people: a path, or the server without its password. */
export function dataLocation(
  config: Pick<Config, 'DATABASE_URL' | 'STORAGE_DRIVER' | 'STORAGE_DIR' | 'S3_BUCKET'>,
  cwd = process.cwd(),
): string {
  const shown = (file: string) => {
    const relative = path.relative(cwd, file);
    return relative && !relative.startsWith('..') ? relative : file;
  };
  const database = config.DATABASE_URL.startsWith('sqlite:')
    ? shown(path.resolve(cwd, config.DATABASE_URL.slice('sqlite:'.length)))
    : redactDatabaseUrl(config.DATABASE_URL);
  const files = config.STORAGE_DRIVER === 's3' ? `S3 bucket ${config.S3_BUCKET}` : shown(config.STORAGE_DIR);
  return `database ${database}, files ${files}`;
}

/** A database URL with its password replaced by ***. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}

/** The Log row: what shows below the banner and how to see more. */
export function logLine(config: Pick<Config, 'LOG_LEVEL'>): string {
  const requests = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? ', one line per request' : '';
  return `below, level ${config.LOG_LEVEL}${requests} (LOG_LEVEL=debug adds a line per request)`;
}
