import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { accountsService } from '../modules/accounts';
import { auditService } from '../modules/audit';
import { authService } from '../modules/auth';

export const RESET_USAGE = 'usage: pnpm outpost 2fa-reset <steamid or user id>';

interface ResetIo {
  env: Record<string, string | undefined>;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/**
 * `pnpm outpost 2fa-reset <steamid>`: removes every second factor of one account (issue 31:
 * the owner cannot lock themselves out). Whoever can run commands on the server already
 * holds the database; the reset is written to the audit log in the console's name.
 */
export async function runSecondFactorReset(args: string[], io: ResetIo): Promise<number> {
  const [who, ...extra] = args;
  if (!who || extra.length > 0 || who.length > 64) {
    io.err.write(`${RESET_USAGE}\n`);
    return 2;
  }
  const database = openDatabase(loadConfig(io.env).DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const user = await accountsService.findUserByAnyId(database.db, who.trim());
    if (!user) {
      io.err.write(`No account with the Steam id or user id ${who}\n`);
      return 1;
    }
    await authService.removeAllFactors(database.db, user.id);
    await auditService.writeAudit(database.db, {
      client: null,
      clientName: 'console',
      target: user.id,
      targetName: user.name,
      message: 'second factor: every factor removed from the command line (pnpm outpost 2fa-reset)',
    });
    io.out.write(
      `Removed the authenticator app, passkeys and recovery codes of ${user.name} (${user.steamid ?? user.id}). ` +
        'They can sign in with Steam or Discord and set up a new factor under Settings, Security.\n',
    );
    return 0;
  } finally {
    await database.close();
  }
}
