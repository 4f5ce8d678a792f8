/** JSON columns are text on every dialect: one encoding, no driver differences. */
export function toJsonColumn(value: unknown): string {
  return JSON.stringify(value);
}

/** Parses a JSON column, falling back when a row holds something unreadable. */
export function fromJsonColumn<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
