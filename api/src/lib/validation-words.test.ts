import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationErrorMap } from './validation-words';

/** The first issue's message of `schema` on `input`, parsed with `locale`'s error map. */
function messageIn(locale: Parameters<typeof validationErrorMap>[0], schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input, { error: validationErrorMap(locale) });
  if (result.success) throw new Error('the input passed');
  return result.error.issues[0]?.message;
}

const form = z.object({
  name: z.string().min(3).max(20),
  tags: z.array(z.string()).max(2),
  count: z.number().int().min(1),
  kind: z.enum(['ban', 'mute']),
  site: z.url(),
});
const valid = { name: 'Outpost', tags: [], count: 1, kind: 'ban', site: 'https://example.org' };

describe("zod's generic messages in the caller's language", () => {
  it('leaves English to zod itself (byte-identical to before)', () => {
    expect(validationErrorMap('en')).toBeUndefined();
    expect(messageIn('en', form, { ...valid, name: 'ab' })).toBe('Too small: expected string to have >=3 characters');
  });

  it('German: type names, lengths, options and formats in German', () => {
    expect(messageIn('de', form, { ...valid, name: 5 })).toBe('Falscher Typ: Text erwartet, Zahl erhalten');
    expect(messageIn('de', form, { ...valid, name: undefined })).toBe('Angabe fehlt: Text erwartet');
    expect(messageIn('de', form, { ...valid, name: 'ab' })).toBe('Zu kurz: mindestens 3 Zeichen');
    expect(messageIn('de', form, { ...valid, tags: ['a', 'b', 'c'] })).toBe('Zu lang: höchstens 2 Einträge');
    expect(messageIn('de', form, { ...valid, count: 0 })).toBe('Muss mindestens 1 sein');
    expect(messageIn('de', form, { ...valid, kind: 'kick' })).toBe('Ungültiger Wert: erlaubt sind "ban" | "mute"');
    expect(messageIn('de', form, { ...valid, site: 'nope' })).toBe('Ungültiges Format: URL erwartet');
    expect(messageIn('de', z.strictObject({}), { x: 1 })).toBe('Unbekanntes Feld: "x"');
    expect(messageIn('de', form, { ...valid, kind: undefined })).toBe('Angabe fehlt: erlaubt sind "ban" | "mute"');
    expect(messageIn('de', z.string().min(1), '')).toBe('Darf nicht leer sein');
  });

  it('Russian and Polish: the unit agrees with the count (one, few, many)', () => {
    expect(messageIn('ru', z.string().min(1).max(1), 'ab')).toBe('Слишком длинно: максимум 1 символ');
    expect(messageIn('ru', z.string().min(3), 'ab')).toBe('Слишком коротко: минимум 3 символа');
    expect(messageIn('ru', z.string().max(5), 'abcdefgh')).toBe('Слишком длинно: максимум 5 символов');
    expect(messageIn('pl', z.string().max(22), 'x'.repeat(30))).toBe('Za długie: najwyżej 22 znaki');
    expect(messageIn('pl', z.string().max(25), 'x'.repeat(30))).toBe('Za długie: najwyżej 25 znaków');
    expect(messageIn('ru', z.array(z.number()).min(2), [1])).toBe('Слишком коротко: минимум 2 элемента');
    expect(messageIn('ru', z.number().gt(2), 1)).toBe('Должно быть больше 2');
  });

  it('Chinese: no plural, no English type names', () => {
    expect(messageIn('zh-CN', form, { ...valid, name: 5 })).toBe('类型错误：应为文本，收到的是数字');
    expect(messageIn('zh-CN', form, { ...valid, name: 'ab' })).toBe('太短：至少 3 个字符');
  });

  it("keeps a schema's own sentence: the API's error catalogs translate it", () => {
    const reason = z.string().min(1, 'Give a reason');
    expect(messageIn('de', reason, '')).toBe('Give a reason');
    expect(
      messageIn(
        'ru',
        z.string().refine((text) => text.startsWith('x'), 'Not a server id'),
        'y',
      ),
    ).toBe('Not a server id');
  });

  it('leaves no request in another language: one map per parse, zod’s global config untouched', () => {
    messageIn('de', form, { ...valid, name: 5 });
    expect(z.string().safeParse(5).error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
  });
});
