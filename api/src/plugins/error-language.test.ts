import fs from 'node:fs';
import path from 'node:path';
import { LOCALE_COOKIE, LOCALES } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_ERRORS, ERROR_CATALOGS, placeholdersOf, translateError } from '../lib/error-language';
import { signInAs, startTestApp, type TestApp } from '../test-support/test-app';
import { testDatabases } from '../test-support/test-databases';

const [sqliteDatabase] = testDatabases() as [ReturnType<typeof testDatabases>[number]];

import { requirePermission } from './authorization';

// Issue 27 item 4: the API's error messages follow the caller's language (cookie, else
// Accept-Language); the error code never changes; a message no catalog knows stays English.

describe('error messages in the caller’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(sqliteDatabase, {}, (app) => {
      app.get('/api/test-only/guarded', { preHandler: requirePermission('panel.view') }, async () => ({ ok: true }));
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('answers in the Accept-Language, with the same error code', async () => {
    const english = await get('/api/auth/sessions', {});
    const german = await get('/api/auth/sessions', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(english.statusCode).toBe(401);
    expect(german.statusCode).toBe(401);
    expect(english.json()).toEqual({ error: 'UNAUTHORIZED', message: 'You need to be logged in to do this' });
    expect(german.json()).toEqual({ error: 'UNAUTHORIZED', message: 'Dafür musst du angemeldet sein' });
    expect(german.headers['content-language']).toBe('de');
    expect(String(german.headers.vary)).toMatch(/Accept-Language/);
    expect(english.headers['content-language']).toBeUndefined();
  });

  it('takes the saved choice (the language cookie) over Accept-Language', async () => {
    const response = await get('/api/auth/sessions', {
      'accept-language': 'de',
      cookie: `${LOCALE_COOKIE}=en`,
    });
    expect(response.json().message).toBe('You need to be logged in to do this');
    // A cookie naming no locale of ours is ignored, not an error.
    const unknown = await get('/api/auth/sessions', { 'accept-language': 'de', cookie: `${LOCALE_COOKIE}=xx` });
    expect(unknown.json().message).toBe('Dafür musst du angemeldet sein');
  });

  it('translates messages with values: the values stay as sent', async () => {
    const member = await signInAs(t, { codes: [] });
    const refused = await get('/api/test-only/guarded', { ...member.headers, 'accept-language': 'de' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'FORBIDDEN', message: 'Dir fehlt die Berechtigung panel.view' });
    const missing = await get('/api/no-such-route?x=1', { cookie: `${LOCALE_COOKIE}=de` });
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Route GET /api/no-such-route nicht gefunden' });
  });

  it('translates the validator’s sentence around its English detail', async () => {
    const member = await signInAs(t, { codes: [] });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile/locale',
      headers: { ...member.headers, 'accept-language': 'de' },
      payload: { locale: 'xx' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(/^Ungültige Anfrage \(Inhalt\) bei \/locale: /);
  });

  it("gives zod's own words in the caller's language too, and English as zod writes it", async () => {
    const member = await signInAs(t, { codes: [] });
    const put = (payload: unknown, language: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile/locale',
        headers: { ...member.headers, 'accept-language': language },
        payload: payload as Record<string, unknown>,
      });
    const english = await put({ locale: 'xx' }, 'en');
    expect(english.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'Invalid body at /locale: Invalid option: expected one of "en"|"de"|"pt-BR"|"ru"|"es"|"pl"|"tr"|"zh-CN"',
    });
    expect((await put({ locale: 'xx' }, 'de')).json().message).toBe(
      'Ungültige Anfrage (Inhalt) bei /locale: Ungültiger Wert: erlaubt sind "en" | "de" | "pt-BR" | "ru" | "es" | "pl" | "tr" | "zh-CN"',
    );
    expect((await put([], 'es')).json().message).toBe(
      'Petición no válida (cuerpo) en /: Tipo incorrecto: se esperaba objeto y llegó lista',
    );
    expect((await put({}, 'zh-CN')).json().message).toBe(
      '无效的请求（请求体），位于 /locale：缺少值：可选值为 "en" | "de" | "pt-BR" | "ru" | "es" | "pl" | "tr" | "zh-CN"',
    );
  });

  it('leaves successful responses and English callers untouched', async () => {
    const ok = await get('/api/meta', { 'accept-language': 'de' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-language']).toBeUndefined();
  });
});

describe('the error catalogs', () => {
  it('every locale but English has a catalog with every English message, placeholders kept', () => {
    for (const locale of LOCALES.filter((code) => code !== 'en')) {
      const catalog = ERROR_CATALOGS[locale];
      expect(catalog, locale).toBeDefined();
      expect(Object.keys(catalog ?? {}).sort(), locale).toEqual(Object.keys(ENGLISH_ERRORS).sort());
      for (const [english, translated] of Object.entries(catalog ?? {})) {
        expect(translated.trim(), `${locale}: ${english}`).not.toBe('');
        expect(placeholdersOf(translated), `${locale}: ${english}`).toEqual(placeholdersOf(english));
      }
    }
  });

  it('every English message is one the API sends (its literal parts are in the source)', () => {
    // The API's own sentences and the contracts' validation messages (a failure's detail).
    const source = [
      sourcesUnder(path.resolve(import.meta.dirname, '..')),
      sourcesUnder(path.resolve(import.meta.dirname, '../../../shared/contracts/src')),
    ].join('\n');
    for (const english of Object.keys(ENGLISH_ERRORS)) {
      for (const part of english.split(/\{\w+\}/).filter((piece) => piece.trim().length >= 4)) {
        expect(source.includes(part), `"${part}" of "${english}"`).toBe(true);
      }
    }
  });

  it("names the request's part in the caller's language, where the validator names it", () => {
    expect(translateError('Invalid params at /id: Required', 'tr')).toBe(
      'Geçersiz istek (yol parametreleri), /id: Required',
    );
    expect(translateError('Invalid headers: Required', 'zh-CN')).toBe('无效的请求（请求头）：Required');
    expect(translateError('Invalid request: Required', 'pl')).toBe('Nieprawidłowe żądanie (ogólnie): Required');
    // English keeps Fastify's own names; a part nobody named is left as it came.
    expect(translateError('Invalid body at /id: Required', 'en')).toBe('Invalid body at /id: Required');
    expect(translateError('Invalid cookies: Required', 'pt-BR')).toBe('Requisição inválida (cookies): Required');
  });

  it('falls back to the English message for a locale or a message it does not know', () => {
    expect(translateError('No ban has this id', 'en')).toBe('No ban has this id');
    expect(translateError('No ban has this id', 'xx')).toBe('No ban has this id');
    expect(translateError('Some new error nobody translated yet', 'de')).toBe('Some new error nobody translated yet');
    expect(translateError('No ban has this id', 'zh-CN')).toBe('没有此 ID 的封禁');
    // The more literal pattern wins: "Invalid body at /x: y" is not "Invalid {part}: {detail}".
    expect(translateError('Invalid body at /name: Required', 'es')).toBe(
      'Petición no válida (cuerpo) en /name: Required',
    );
    expect(translateError('Invalid querystring: Required', 'es')).toBe(
      'Petición no válida (parámetros de consulta): Required',
    );
    // The contract's own sentence in a validation failure is translated too; zod's generic ones are
    // not the catalogs' (the error handler has them written in the caller's language: validation-words.ts).
    expect(translateError('Invalid body at /reason: Give a reason', 'de')).toBe(
      'Ungültige Anfrage (Inhalt) bei /reason: Gib einen Grund an',
    );
    expect(translateError('Invalid body at /title: At most 120 characters', 'ru')).toBe(
      'Неверный запрос (тело) в /title: Не больше 120 символов',
    );
    expect(translateError('Too many attempts: try again in 12 seconds', 'ru')).toBe(
      'Слишком много попыток: попробуйте снова через 12 с',
    );
  });
});

function sourcesUnder(dir: string): string {
  const texts: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    if (entry.parentPath.includes(`${path.sep}locales`)) continue;
    texts.push(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return texts.join('\n');
}
