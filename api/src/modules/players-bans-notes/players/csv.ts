import type { FastifyReply, FastifyRequest } from 'fastify';

// CSV answers of the players' data endpoints (playtime, leaderboards, activity): one writer for all.

/** A CSV cell: quoted when it holds a comma, quote or line break; formula starts neutralised. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLines(header: string, rows: Array<Array<string | number | null>>): string {
  return `${[header, ...rows.map((row) => row.map(cell).join(','))].join('\r\n')}\r\n`;
}

export function wantsCsv(request: FastifyRequest, format: 'json' | 'csv' | undefined): boolean {
  return format === 'csv' || (format === undefined && /\btext\/csv\b/.test(request.headers.accept ?? ''));
}

export function sendCsv(reply: unknown, filename: string, body: string) {
  return (reply as FastifyReply)
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .send(body);
}
