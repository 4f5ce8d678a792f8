import type { Kysely, Transaction } from 'kysely';

// Ownership by the compiler (issue 23, DESIGN rule 6): a module's code sees the database
// through its own tables only, `Kysely<ModuleTables>`, so a query on another module's table
// does not typecheck. The view is the same Kysely instance (or transaction) at run time;
// only the type narrows, in the module's index.ts.

/**
 * The database as it crosses a door: any module's view of it, or a transaction on it. Only
 * door parameters have this type; the door's own code sees its own tables through it.
 */
export type ModuleDb = Kysely<any>;
export type ModuleTransaction = Transaction<any>;

type IsAny<T> = 0 extends 1 & T ? true : false;

/** A door's function as callers see it: its database parameter takes any module's view. */
type DoorFunction<F> = F extends (db: infer D, ...rest: infer R) => infer O
  ? D extends Kysely<infer Tables>
    ? IsAny<Tables> extends true
      ? F // already takes any view (a generic function the door typed by hand)
      : D extends { isTransaction: true }
        ? (db: ModuleTransaction, ...rest: R) => O
        : (db: ModuleDb, ...rest: R) => O
    : F
  : F;

/** A door's service as callers see it: every function taking the module's own view takes any. */
export type Door<S> = {
  [K in keyof S]: S[K] extends (...args: never[]) => unknown
    ? DoorFunction<S[K]>
    : S[K] extends Record<string, unknown>
      ? Door<S[K]>
      : S[K];
};

/** A module's route plugins' options: the module's own view of the database (from its index.ts). */
export interface OwnDb<Tables> {
  db: Kysely<Tables>;
}
