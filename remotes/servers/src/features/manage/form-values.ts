import type { ServerAction } from '@outpost/contracts';

/** The part of a zod schema the forms use: validation with the API's own schemas. */
export interface ValidatingSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type FieldErrors = Record<string, string>;

/**
 * Client-side validation mirroring the API: the same zod schema from @outpost/contracts,
 * its issues keyed by dotted field path (first message per field).
 */
export function validate(schema: ValidatingSchema, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** 'a, b,,c' -> ['a', 'b', 'c'] */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** '' -> null, '27015' -> 27015, 'abc' -> NaN (the schema then says why). */
export function optionalNumber(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** 'KEY=value' lines -> { KEY: 'value' }; a line without '=' keeps its text as a key for the schema to reject. */
export function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    if (at === -1) env[line.trim()] = '';
    else env[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return env;
}

export function formatEnv(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** '27015/udp, 27015/tcp' -> [{container: 27015, protocol: 'udp'}, ...]; udp when unsaid. */
export function parsePorts(text: string): { container: number; protocol: string }[] {
  return splitList(text).map((item) => {
    const [port = '', protocol = 'udp'] = item.split('/');
    return { container: Number(port), protocol: protocol.trim().toLowerCase() };
  });
}

export function formatPorts(ports: { container: number; protocol: string }[]): string {
  return ports.map((port) => `${port.container}/${port.protocol}`).join(', ');
}

export function emptyAction(): ServerAction {
  return {
    name: '',
    command: '',
    description: '',
    color: '',
    requiresFeatures: [],
    showWhen: 'any',
    isHidden: false,
  };
}
