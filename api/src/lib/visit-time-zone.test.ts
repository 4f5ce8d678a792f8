import { describe, expect, it } from 'vitest';
import { parseTimeZone, TIME_ZONE_COOKIE, visitTimeZone } from './visit-time-zone';

describe('parseTimeZone', () => {
  it.each([
    ['Asia/Tokyo', 'Asia/Tokyo'],
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['America/Argentina/Buenos_Aires', 'America/Buenos_Aires'],
    ['Europe/Berlin', 'Europe/Berlin'],
    ['Australia/Lord_Howe', 'Australia/Lord_Howe'],
    ['Asia/Kathmandu', 'Asia/Katmandu'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['Etc/GMT-14', 'Etc/GMT-14'],
    ['UTC', 'UTC'],
    // Aliases and other spellings come back as ICU's one name for the zone.
    ['US/Pacific', 'America/Los_Angeles'],
    ['asia/tokyo', 'Asia/Tokyo'],
    ['ASIA/TOKYO', 'Asia/Tokyo'],
    ['EST5EDT', 'America/New_York'],
    ['GMT0', 'UTC'],
    ['utc', 'UTC'],
  ])('takes %s as %s', (value, zone) => {
    expect(parseTimeZone(value)).toBe(zone);
    // The same answer when asked again (from what it has seen).
    expect(parseTimeZone(value)).toBe(zone);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a number', 9],
    ['an array', ['Asia/Tokyo']],
    ['an object', { toString: () => 'Asia/Tokyo' }],
    ['empty', ''],
    ['a space', ' '],
    ['padded', ' Asia/Tokyo'],
    ['trailing space', 'Asia/Tokyo '],
    ['an unknown zone', 'Mars/Olympus_Mons'],
    ['an unknown city', 'Europe/Atlantis'],
    ['ICU unknown', 'Etc/Unknown'],
    ['a word', 'Tokyo'],
    ['an offset', '+09:00'],
    ['a bare offset', '+0900'],
    ['Z', 'Z'],
    ['a path up', '../../etc/passwd'],
    ['a path up inside', 'Asia/../Tokyo'],
    ['dots', '..'],
    ['a leading slash', '/Asia/Tokyo'],
    ['a trailing slash', 'Asia/Tokyo/'],
    ['a double slash', 'Asia//Tokyo'],
    ['an absolute path', '/usr/share/zoneinfo/Asia/Tokyo'],
    ['too many parts', 'America/Argentina/Buenos_Aires/More'],
    ['a backslash path', 'Asia\\Tokyo'],
    ['a header split', 'Asia/Tokyo\r\nSet-Cookie: outpost_session=x'],
    ['a newline', 'Asia/Tokyo\n'],
    ['a NUL', 'Asia/Tokyo\u0000'],
    ['a cookie split', 'Asia/Tokyo; outpost_session=x'],
    ['a comma', 'Asia/Tokyo,Europe/Berlin'],
    ['an equals sign', 'Asia/Tokyo=1'],
    ['quotes', '"Asia/Tokyo"'],
    ['markup', '<script>alert(1)</script>'],
    ['an attribute break', 'Asia/Tokyo" onload="x'],
    ['percent-encoded', 'Asia%2FTokyo'],
    ['percent-encoded dots', '%2e%2e%2fetc'],
    ['a Cyrillic A', 'Аsia/Tokyo'],
    ['a Cyrillic o', 'Asia/Tоkyo'],
    ['a fullwidth slash', 'Asia／Tokyo'],
    ['a division slash', 'Asia∕Tokyo'],
    ['a zero-width space', 'Asia/\u200bTokyo'],
    ['a right-to-left mark', '\u200fAsia/Tokyo'],
    ['a combining mark', 'Asia/Tokyo\u0301'],
    ['overlong', `Asia/${'A'.repeat(100)}`],
    ['huge', 'Asia/Tokyo'.repeat(10_000)],
    ['64 letters', `A/${'b'.repeat(62)}`],
    ['a prototype name', '__proto__'],
    ['constructor', 'constructor'],
  ])('takes %s as UTC', (_what, value) => {
    expect(parseTimeZone(value)).toBe('UTC');
  });

  it('refuses a flood of made-up zones quickly', () => {
    const started = performance.now();
    for (let i = 0; i < 5_000; i++) expect(parseTimeZone(`Mars/Crater_${i}`)).toBe('UTC');
    // Each is refused by Intl; a few hundred milliseconds on a busy machine at most.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('visitTimeZone', () => {
  it("reads the shell's cookie, and UTC without one", () => {
    expect(visitTimeZone({ cookies: { [TIME_ZONE_COOKIE]: 'Asia/Tokyo' } })).toBe('Asia/Tokyo');
    expect(visitTimeZone({ cookies: { [TIME_ZONE_COOKIE]: '../x' } })).toBe('UTC');
    expect(visitTimeZone({ cookies: {} })).toBe('UTC');
  });
});
