// What `npm start` tells a person about a migration and the demo data: a line each, counted by kind.
import { describe, expect, it } from 'vitest';
import { demoDataSummary, migrationSummary } from '../../server/db/migration-summary';

describe('the start lines a person reads', () => {
  it('counts tables, columns and indexes, and the other steps, in one line', () => {
    const steps = ['create crew', 'create device', 'index device.name', 'unique crew.teamNumber', 'add crew.note', 'count signal crew'];
    expect(migrationSummary(steps)).toBe('Database migrated: 2 tables, 2 indexes, 1 column, 1 other step.');
  });

  it('says nothing when the database was already up to date', () => {
    expect(migrationSummary([])).toBeUndefined();
  });

  it('counts the demo records and the lists they went into', () => {
    const line = demoDataSummary([
      { resource: 'crew', count: 24 },
      { resource: 'device', count: 1200 },
      { resource: 'crontabrun', count: 0 },
    ]);
    expect(line).toBe('Demo data loaded: 1,224 records in 2 lists (DEMO=0 starts with an empty database).');
    expect(demoDataSummary([{ resource: 'crew', count: 0 }])).toBeUndefined();
  });
});
