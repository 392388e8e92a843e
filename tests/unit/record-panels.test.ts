// The registry of record-page panels, and how a reference picker searches its target.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../kernel/schema/types';
import { clearPanels, findPanel, registerPanel } from '../../src/resources/record/panels';
import { searchFilter } from '../../src/resources/reference/search';

// The console's own panels are registered when the module loads: start each test without them.
beforeEach(clearPanels);
afterEach(clearPanels);

describe('record panels', () => {
  it('are found by the name they were registered under', () => {
    const component = () => null;
    registerPanel('trajectory', { component, title: 'app.panels.trajectory' });
    expect(findPanel('trajectory')).toEqual({ component, title: 'app.panels.trajectory' });
    expect(findPanel('other')).toBeUndefined();
  });

  it('refuse a name given twice', () => {
    registerPanel('stats', { component: () => null, title: 't' });
    expect(() => registerPanel('stats', { component: () => null, title: 't' })).toThrow(/already registered/);
  });
});

const schema = (meta: Partial<ResourceSchema['x-resource']>): ResourceSchema => ({
  $id: 'crew',
  'x-resource': {
    endpoints: {},
    list: { columns: [], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 20 },
    filters: [],
    recordRepresentation: 'teamNumber',
    ...meta,
  },
});

describe('reference search', () => {
  it("sends the typed text as the target's search (q) when it has one", () => {
    expect(searchFilter(schema({ search: ['teamNumber'] }))(' ZJ ')).toEqual({ q: 'ZJ' });
    expect(searchFilter(schema({ search: ['teamNumber'] }))('')).toEqual({});
  });

  it('else as a contains filter, preferably on the field naming the records', () => {
    const filters = [
      { param: 'leader', field: 'leader.name', op: 'contains' as const },
      { param: 'team', field: 'teamNumber', op: 'contains' as const },
    ];
    expect(searchFilter(schema({ filters }))('ZJ')).toEqual({ team: 'ZJ' });
    expect(searchFilter(schema({ filters: filters.slice(0, 1) }))('Li')).toEqual({ leader: 'Li' });
    expect(searchFilter(schema({}))('ZJ')).toEqual({});
  });
});
