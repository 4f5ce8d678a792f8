import type { AddressInfo } from 'node:net';
import { LOCALE_COOKIE } from '@outpost/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../../test-support/sse-client';
import { type SignedIn, signInAs, startTestApp, type TestApp } from '../../test-support/test-app';
import { testDatabases } from '../../test-support/test-databases';
import { drawWords, englishOf, lengthWords, type NotificationWords } from './notification-words';
import { createNotification, createNotificationForUsers } from './notifications-service';

// Issue 27: what the API writes to users is read in the reader's language, drawn from the
// message's id and values at read time; the English text stays stored for rows without an id.

const replied: NotificationWords = { key: 'notifications.appeal.yours.replied', params: { ban: 1234 } };
const accepted: NotificationWords = {
  key: 'notifications.appeal.yours.accepted',
  params: {
    ban: 12,
    change: { key: 'notifications.appeal.change.shortened', params: { length: lengthWords(3 * 86_400) } },
    reason: 'Fair enough',
  },
};

describe('notification words', () => {
  it('draws a message in German and Russian, ids as they are, values drawn in the same language', () => {
    expect(englishOf(replied)).toBe('Staff replied to your appeal of ban #1234');
    expect(drawWords(replied, 'de')).toBe('Das Team hat auf deinen Einspruch gegen Ban #1234 geantwortet');
    expect(drawWords(replied, 'ru')).toBe('Администрация ответила на вашу апелляцию на бан #1234');
    expect(englishOf(accepted)).toBe('Your appeal of ban #12 was accepted (ban shortened to 3 days): Fair enough');
    expect(drawWords(accepted, 'de')).toBe(
      'Dein Einspruch gegen Ban #12 wurde angenommen (Ban verkürzt auf 3 Tage): Fair enough',
    );
    expect(drawWords(accepted, 'ru')).toBe('Ваша апелляция на бан #12 принята (новый срок бана: 3 дня): Fair enough');
    const staff = {
      key: 'notifications.appeal.staffReplied',
      params: { actor: { key: 'notifications.staff' }, appeal: 4 },
    };
    expect(drawWords(staff as NotificationWords, 'de')).toBe('Das Team hat auf Einspruch #4 geantwortet');
  });

  it('plural forms: Russian one/few/many, German one/other', () => {
    const soon = (minutes: number, locale: string) =>
      drawWords({ key: 'notifications.event.startsSoon', params: { title: 'Cup', minutes } }, locale);
    expect([1, 3, 5, 21].map((n) => soon(n, 'ru'))).toEqual([
      '«Cup» начнётся через 1 минуту',
      '«Cup» начнётся через 3 минуты',
      '«Cup» начнётся через 5 минут',
      '«Cup» начнётся через 21 минуту',
    ]);
    expect([1, 15].map((n) => soon(n, 'de'))).toEqual(['„Cup“ beginnt in 1 Minute', '„Cup“ beginnt in 15 Minuten']);
    expect([1, 15].map((n) => soon(n, 'en'))).toEqual(['“Cup” starts in 1 minute', '“Cup” starts in 15 minutes']);
  });

  it('falls back to English for a locale without a catalog, and knows no unknown id', () => {
    expect(drawWords(replied, 'xx')).toBe('Staff replied to your appeal of ban #1234');
    expect(drawWords({ key: 'notifications.nothing' as NotificationWords['key'] }, 'de')).toBeNull();
  });
});

describe.each(testDatabases())('notifications in the reader’s language on $name', (kind) => {
  let t: TestApp;
  let base: string;
  let me: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    me = await signInAs(t, { name: 'Me' });
    other = await signInAs(t, { name: 'Other' });
  });
  afterAll(async () => t?.close());

  const profileIn = async (who: SignedIn, headers: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { ...who.headers, ...headers, cookie: [who.headers.cookie, headers.cookie].filter(Boolean).join('; ') },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { notifications: { message: string }[] }).notifications.map((n) => n.message);
  };

  it('lists each reader’s in their language; a row stored before ids (English only) as stored', async () => {
    // A row as written before message ids were kept.
    await t.database.db
      .insertInto('notifications')
      .values({
        user_id: me.userId,
        timestamp: 1,
        level: 1,
        message: 'Staff replied to your appeal of ban #7',
        link: null,
      })
      .execute();
    await createNotificationForUsers(t.database.db, [me.userId, other.userId], { level: 1, words: replied });
    // A staff announcement's own words stay as written.
    await createNotification(t.database.db, me.userId, { level: 1, message: 'Server restart at 9' });
    const stored = await t.database.db
      .selectFrom('notifications')
      .select(['message', 'message_key'])
      .where('user_id', '=', me.userId)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.message)).toEqual([
      'Staff replied to your appeal of ban #7',
      'Staff replied to your appeal of ban #1234',
      'Server restart at 9',
    ]);
    expect(await profileIn(me, { 'accept-language': 'de-DE,de;q=0.9' })).toEqual([
      'Staff replied to your appeal of ban #7',
      'Das Team hat auf deinen Einspruch gegen Ban #1234 geantwortet',
      'Server restart at 9',
    ]);
    // The saved choice (the language menu's cookie) wins over Accept-Language.
    expect(await profileIn(other, { 'accept-language': 'de', cookie: `${LOCALE_COOKIE}=ru` })).toEqual([
      'Администрация ответила на вашу апелляцию на бан #1234',
    ]);
    expect(await profileIn(other, {})).toEqual(['Staff replied to your appeal of ban #1234']);
  });

  it('streams in the language the page asks for (?locale=), else the request’s', async () => {
    const newest = (await profileIn(other, {})).length;
    expect(newest).toBeGreaterThan(0);
    const url = `${base}/api/auth/notifications/sse`;
    const russian = await openSse(`${url}?after=0&locale=ru`, { cookie: other.headers.cookie });
    const german = await openSse(url, { cookie: other.headers.cookie, 'accept-language': 'de' });
    await Promise.all([russian, german].map((sse) => sse.waitFor(() => sse.events.length >= 1)));
    await createNotification(t.database.db, other.userId, {
      level: 1,
      words: { key: 'notifications.event.startsSoon', params: { title: 'Cup', minutes: 5 } },
    });
    await Promise.all([russian, german].map((sse) => sse.waitFor(() => sse.events.length >= 2)));
    russian.close();
    german.close();
    const messages = (sse: typeof russian) => sse.events.map((event) => JSON.parse(event.data).message);
    expect(messages(russian)).toEqual([
      'Администрация ответила на вашу апелляцию на бан #1234',
      '«Cup» начнётся через 5 минут',
    ]);
    expect(messages(german)).toEqual([
      'Das Team hat auf deinen Einspruch gegen Ban #1234 geantwortet',
      '„Cup“ beginnt in 5 Minuten',
    ]);
  });
});
