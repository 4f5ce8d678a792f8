import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { issueToken } from './lib/tokens';
import { dataLocation, logLine, renderBanner, setupLink } from './logging/banner';
import { panelService } from './modules/panel';

/** Starts Outpost: config, database, migrations, then one HTTP server for API and web. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // Chosen here (not by the setup routes) so the banner can print it.
  const setupToken = config.OUTPOST_SETUP_TOKEN ?? issueToken('setup');
  config = { ...config, OUTPOST_SETUP_TOKEN: setupToken };
  const database = openDatabase(config.DATABASE_URL, { sqliteBusyWaitMs: config.SQLITE_BUSY_WAIT_MS });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: closing`);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    console.error(`Cannot listen on ${config.HOST}:${config.PORT} (${code}): set PORT to another port, e.g. PORT=8081`);
    process.exit(2);
  }
  const owned = await panelService.ownerExists(database.db);
  process.stdout.write(
    renderBanner({
      title: `Outpost is running (ready in ${(performance.now() / 1000).toFixed(1)} s)`,
      url: config.PUBLIC_URL,
      setupUrl: owned ? null : setupLink(config.PUBLIC_URL, setupToken),
      data: dataLocation(config),
      log: logLine(config),
    }),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
