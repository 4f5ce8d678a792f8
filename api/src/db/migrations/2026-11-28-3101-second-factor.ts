import type { Kysely } from 'kysely';

// Issue 31: a second factor for staff. TOTP secrets, hashed recovery codes, passkeys, the
// WebAuthn challenges in flight, and on each session how it proved itself (sign-in method,
// the last second factor and when: step-up for dangerous actions reads that time).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'varchar(64)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    // Base32 secret: it must be read back to check a code (a hash cannot be).
    .addColumn('secret', 'varchar(64)', (col) => col.notNull())
    // Null while enrolment waits for the first code.
    .addColumn('confirmed_at', 'bigint')
    // The newest 30 s step a code was accepted for: a conditional update on it refuses replays
    // on every instance at once.
    .addColumn('last_used_step', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'varchar(128)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('passkeys')
    // The credential id (base64url), as the authenticator names it.
    .addColumn('id', 'varchar(1400)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(64)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)', (col) => col.notNull())
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'varchar(200)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('session_id', 'varchar(64)', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    // 'register' or 'step-up': a challenge is answered only for the purpose it was made for.
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    .addColumn('challenge', 'varchar(128)', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('webauthn_challenges_pk', ['session_id', 'purpose'])
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('sign_in_method', 'varchar(16)', (col) => col.notNull().defaultTo('steam'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_method', 'varchar(16)').execute();
  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['second_factor_at', 'second_factor_method', 'sign_in_method']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_factors').execute();
}
