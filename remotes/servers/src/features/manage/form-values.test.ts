import { serverCreateSchema } from '@outpost/contracts';
import { describe, expect, it } from 'vitest';
import { formatEnv, formatPorts, optionalNumber, parseEnv, parsePorts, splitList, validate } from './form-values';

describe('form values', () => {
  it('splits comma lists and reads optional numbers', () => {
    expect(splitList(' 5+, customs,, ')).toEqual(['5+', 'customs']);
    expect(optionalNumber(' ')).toBeNull();
    expect(optionalNumber('27016')).toBe(27016);
  });

  it('round-trips env lines and ports', () => {
    const env = parseEnv('MAP=c1m1_hotel\nPASSWORD=a=b\n\n');
    expect(env).toEqual({ MAP: 'c1m1_hotel', PASSWORD: 'a=b' });
    expect(parseEnv(formatEnv(env))).toEqual(env);
    const ports = parsePorts('27015, 27015/TCP');
    expect(ports).toEqual([
      { container: 27015, protocol: 'udp' },
      { container: 27015, protocol: 'tcp' },
    ]);
    expect(formatPorts(ports)).toBe('27015/udp, 27015/tcp');
  });

  it('validates with the API’s schema, keyed by field', () => {
    const errors = validate(serverCreateSchema, {
      groupId: 'coop',
      name: '',
      host: 'coop.example.org',
      ip: '10.0.0.1',
      port: 70000,
    });
    expect(Object.keys(errors).sort()).toEqual(['name', 'port']);
    expect(
      validate(serverCreateSchema, { groupId: 'coop', name: 'Coop', host: 'h', ip: '10.0.0.1', port: 27015 }),
    ).toEqual({});
  });
});
