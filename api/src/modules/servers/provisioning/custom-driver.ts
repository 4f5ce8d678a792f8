import { execFile } from 'node:child_process';
import {
  fillPlaceholders,
  type InstanceAddress,
  type InstanceRequest,
  ProvisionError,
  type Provisioner,
} from './provisioner';

/**
 * Starts instances with the command in PROVISION_COMMAND, split on spaces (no shell), with
 * {port}, {rconPassword}, {serverId}, {groupId}, {templateId}, {name} and {start} filled in.
 * Exit 0 means started; a last stdout line of JSON may give {hostname, ip, port}.
 */
export class CustomDriver implements Provisioner {
  readonly type = 'custom' as const;
  constructor(
    private readonly commandTemplate: string | undefined,
    private readonly timeoutMs: number,
  ) {}

  create(request: InstanceRequest): Promise<InstanceAddress> {
    if (!this.commandTemplate) return Promise.reject(new ProvisionError('No PROVISION_COMMAND is configured'));
    const [file, ...args] = this.commandTemplate
      .trim()
      .split(/\s+/)
      .map((part) => fillPlaceholders(part, request));
    return new Promise((resolve, reject) => {
      execFile(file as string, args, { timeout: this.timeoutMs, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) {
          const why = error.killed ? 'timed out' : `failed (exit ${error.code ?? 'unknown'})`;
          const said = (String(stderr).trim().split('\n').pop() ?? '')
            .replaceAll(request.rconPassword, '[redacted]')
            .slice(0, 200);
          // The message may reach a toast: never echo the arguments (they may hold the RCON password).
          return reject(new ProvisionError(`The provisioning command ${why}${said ? `: ${said}` : ''}`));
        }
        resolve(parseAddress(String(stdout)));
      });
    });
  }
}

function parseAddress(stdout: string): InstanceAddress {
  const last = stdout.trim().split('\n').pop() ?? '';
  try {
    const parsed = JSON.parse(last) as Record<string, unknown>;
    return {
      ...(typeof parsed.hostname === 'string' && { hostname: parsed.hostname.slice(0, 255) }),
      ...(typeof parsed.ip === 'string' && { ip: parsed.ip.slice(0, 64) }),
      ...(Number.isInteger(parsed.port) &&
        (parsed.port as number) > 0 &&
        (parsed.port as number) < 65536 && { port: parsed.port as number }),
    };
  } catch {
    return {};
  }
}
