import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { EXPORTED_TABLES, isExportedSetting, SECRET_COLUMNS, TABLES_NOT_EXPORTED } from './export-policy';
import { parentsFirst } from './full-export';

describe('what the full export carries', () => {
  it("places every table of today's schema in exactly one list (a new table fails here until placed)", async () => {
    const database = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(database.db);
      const tables = (await database.db.introspection.getTables()).map((table) => table.name).sort();
      const placed = [...EXPORTED_TABLES, ...Object.keys(TABLES_NOT_EXPORTED)].sort();
      expect(placed).toEqual(tables);
      for (const [table, columns] of Object.entries(SECRET_COLUMNS)) {
        const found = (await database.db.introspection.getTables()).find((t) => t.name === table);
        for (const column of columns) expect(found?.columns.map((c) => c.name)).toContain(column);
      }
    } finally {
      await database.close();
    }
  });

  it('leaves secret and backup settings out', () => {
    expect(isExportedSetting('secrets.steamApiKey')).toBe(false);
    expect(isExportedSetting('secrets.sentryDsn')).toBe(false);
    expect(isExportedSetting('backup.last')).toBe(false);
    expect(isExportedSetting('owner')).toBe(true);
    expect(isExportedSetting('notice')).toBe(true);
  });

  it('orders tables by name, parents before the tables whose foreign keys name them', () => {
    const order = parentsFirst([
      { name: 'user_roles', parents: ['roles', 'users'] },
      { name: 'users', parents: [] },
      { name: 'event_rsvps', parents: ['events'] },
      { name: 'events', parents: [] },
      { name: 'roles', parents: [] },
      { name: 'loop', parents: ['loop'] },
    ]).map((table) => table.name);
    expect(order).toEqual(['events', 'event_rsvps', 'loop', 'roles', 'users', 'user_roles']);
  });
});
