// The header search's ranking and placing (kernel/search/find.ts), on a fixture resource whose
// records open on their parent's page.
import { describe, expect, it } from 'vitest';
import { findQuery, foundItems, mergeFound, rankOf, MAX_FIND_QUERY, type FindTarget } from '../../kernel/search/find';
import type { ResourceSchema } from '../../kernel/schema/types';

const child = {
  resource: 'part',
  fields: ['code'],
  schema: {
    'x-resource': { recordRepresentation: 'code', parent: { resource: 'kit', field: 'kit' }, find: { subtitle: ['note'] } },
  } as unknown as ResourceSchema,
} satisfies FindTarget;

describe('header search ranking', () => {
  it('ranks the name itself, then a name starting with the text, then one holding it, then other fields', () => {
    expect([rankOf('T4773', 't4773'), rankOf('T4773', 't47'), rankOf('XT47', 't47'), rankOf('M100', 't47')]).toEqual([0, 1, 2, 3]);
  });

  it('places a record without a page of its own on its parent’s, and leaves out one that opens nowhere', () => {
    const rows = [
      { id: 3, code: 'AB-12', kit: 7, note: 'spare' },
      { id: 4, code: 'AB', kit: 8 },
      { id: 5, code: 'XAB', kit: undefined },
    ];
    const items = foundItems({ kit: { record: '/kit/record/:id' } }, child, rows, 'ab');
    expect(items.map((item) => [item.id, item.path, item.subtitle])).toEqual([
      [4, '/kit/record/8', ''],
      [3, '/kit/record/7', 'spare'],
    ]);
    expect(foundItems({}, child, rows, 'ab')).toEqual([]);
  });

  it('puts every kind’s best matches before any kind’s weaker ones', () => {
    const a = foundItems({ part: { edit: '/part/:id' } }, child, [{ id: 1, code: 'XAB' }], 'ab');
    const b = foundItems({ part: { edit: '/part/:id' } }, child, [{ id: 2, code: 'AB' }], 'ab');
    expect(mergeFound([a, b]).map((item) => item.id)).toEqual([2, 1]);
  });

  it('trims and cuts the query', () => {
    expect(findQuery('  t47 ')).toBe('t47');
    expect(findQuery('x'.repeat(500))).toHaveLength(MAX_FIND_QUERY);
    expect(findQuery(undefined)).toBe('');
  });
});
