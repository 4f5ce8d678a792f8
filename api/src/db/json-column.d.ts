/** JSON columns are text on every dialect: one encoding, no driver differences. */
export declare function toJsonColumn(value: unknown): string;
/** Parses a JSON column, falling back when a row holds something unreadable. */
export declare function fromJsonColumn<T>(text: string | null | undefined, fallback: T): T;
export declare function nowSeconds(): number;
