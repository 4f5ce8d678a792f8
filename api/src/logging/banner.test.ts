import { describe, expect, it } from 'vitest';
import { dataLocation, redactDatabaseUrl, renderBanner, setupLink } from './banner';

describe('start-up banner', () => {
  it('says where to open, how to become owner, where the data is and how to stop', () => {
    const text = renderBanner({
      title: 'Outpost is running (ready in 1.2 s)',
      url: 'http://localhost:8080',
      setupUrl: setupLink('http://localhost:8080', 'tok+en/1'),
      data: 'database data/outpost.sqlite, files data/files',
      log: 'below, level info',
    });
    expect(text).toContain('Outpost is running (ready in 1.2 s)');
    expect(text).toMatch(/Open: +http:\/\/localhost:8080\n/);
    expect(text).toContain('http://localhost:8080/panel/first-time-setup?token=tok%2Ben%2F1');
    expect(text).toMatch(/Data: +database data\/outpost.sqlite, files data\/files/);
    expect(text).toMatch(/Stop: +Ctrl\+C/);
  });

  it('has no setup lines once the site has an owner', () => {
    const text = renderBanner({ title: 't', url: 'http://x', setupUrl: null, data: 'd', log: 'l' });
    expect(text).not.toContain('Become owner');
    expect(text).not.toContain('token');
  });

  it('shows the SQLite file relative to the working folder and a PostgreSQL URL without its password', () => {
    const base = { STORAGE_DRIVER: 'local' as const, S3_BUCKET: undefined };
    expect(
      dataLocation(
        { ...base, DATABASE_URL: 'sqlite:./data/outpost.sqlite', STORAGE_DIR: '/srv/o/data/files' },
        '/srv/o',
      ),
    ).toBe('database data/outpost.sqlite, files data/files');
    const pg = dataLocation(
      { ...base, DATABASE_URL: 'postgres://u:secret@db:5432/outpost', STORAGE_DIR: '/x' },
      '/srv',
    );
    expect(pg).toContain('postgres://u:***@db:5432/outpost');
    expect(pg).not.toContain('secret');
    expect(redactDatabaseUrl('postgres://u@db/o')).toBe('postgres://u@db/o');
  });
});
