import { ConfigError, loadConfig } from '../../config';
import type { CliIo } from '../outpost-cli';
import { checkBackups, checkConfiguration, checkDatabase, checkStorage, checkWebBuild, type Finding } from './checks';
import { checkOutsideServices, checkPort } from './network-checks';

const MARK = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' } as const;

export function formatFinding(finding: Finding): string {
  const line = `${MARK[finding.status]}  ${finding.check}: ${finding.detail}`;
  return finding.fix ? `${line}\n      -> ${finding.fix}` : line;
}

/** `pnpm outpost doctor`: every check, then a verdict. Exit 1 when any check fails. */
export async function runDoctor(args: string[], io: CliIo): Promise<number> {
  if (args.length > 0) {
    io.err.write(`unexpected argument: ${args[0]}\nusage: pnpm outpost doctor\n`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.out.write(
      `${formatFinding({ status: 'fail', check: 'configuration', detail: error.message, fix: 'correct that variable (README "Configuration")' })}\n`,
    );
    return 1;
  }
  const findings: Finding[] = [...checkConfiguration(config, io.env)];
  const say = (found: Finding[]) => {
    for (const finding of found) io.out.write(`${formatFinding(finding)}\n`);
  };
  say(findings);
  const database = await checkDatabase(config);
  try {
    const later = [
      ...database.findings,
      ...checkStorage(config),
      await checkPort(config),
      checkWebBuild(config),
      ...(await checkOutsideServices(config)),
      await checkBackups(database.db),
    ];
    say(later);
    findings.push(...later);
  } finally {
    await database.close();
  }
  const failed = findings.filter((finding) => finding.status === 'fail').length;
  const warned = findings.filter((finding) => finding.status === 'warn').length;
  io.out.write(
    failed > 0
      ? `\n${failed} problem(s) stop Outpost from working as configured: see FAIL above.\n`
      : warned > 0
        ? `\nOutpost can run; ${warned} warning(s) above say what to look at.\n`
        : '\nEverything checked is fine.\n',
  );
  return failed > 0 ? 1 : 0;
}
