import { ImportInputError } from '../mysql-source';

// RFC 4180 CSV (quoted fields with "" for a quote, CRLF or LF line ends, a header row) as
// objects keyed by the header's lower-cased names. Small and strict: a malformed file is
// refused with the line it breaks on, rather than guessed at.

export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"') {
      if (field !== '') throw new ImportInputError(`line ${line}: a quote inside an unquoted field`);
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      line++;
    } else field += char;
  }
  if (quoted) throw new ImportInputError(`line ${line}: a quoted field is not closed`);
  if (field !== '' || record.length > 0) records.push([...record, field]);
  const rows = records.filter((r) => !(r.length === 1 && r[0] === ''));
  const [header, ...data] = rows;
  if (!header) return [];
  const names = header.map((name) => name.trim().toLowerCase());
  return data.map((values, index) => {
    if (values.length !== names.length)
      throw new ImportInputError(`row ${index + 2}: ${values.length} fields, the header has ${names.length}`);
    return Object.fromEntries(names.map((name, column) => [name, values[column] as string]));
  });
}
