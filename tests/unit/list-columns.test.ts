// The column choice of a list, on the mechanism fixture's tools (columns id, serial, kind, well;
// one more field, hours) and a group: a difference from the schema's default kept by field path.
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { ResourceSchema } from '../../kernel/schema/types';
import { NO_CHOICE, columnPaths, columnsKey, isCustomized, toggleColumn, visibleColumns } from '../../src/resources/list/columns';
import { hasActiveFilters } from '../../src/resources/list/filters';

const fixture = loadRegistry(new URL('../fixtures/mechanism/', import.meta.url).pathname);
const tool = fixture.resources.tool;

/** A resource with a nested group and a list of groups (which no cell can show). */
const crew: ResourceSchema = {
  $id: 'crew',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    leader: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } } },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    specs: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
  },
  'x-resource': {
    endpoints: {},
    list: { columns: ['name', 'leader.name'], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 20 },
    filters: [],
    recordRepresentation: 'name',
  },
};

describe('the columns a list offers', () => {
  it('are the schema columns first, then every other field, a group by its fields, a list of groups left out', () => {
    expect(columnPaths(tool)).toEqual(['id', 'serial', 'kind', 'well', 'hours']);
    expect(columnPaths(crew)).toEqual(['name', 'leader.name', 'id', 'leader.phone', 'tags']);
  });

  it('leave out the columns implied by where the list stands', () => {
    expect(columnPaths(tool, ['well'])).toEqual(['id', 'serial', 'kind', 'hours']);
  });

  it('are kept apart per resource and place', () => {
    expect(new Set([columnsKey('tool', 'list'), columnsKey('tool', 'tab'), columnsKey('run', 'list')]).size).toBe(3);
  });
});

describe('a choice of columns', () => {
  it('shows the schema columns by default', () => {
    expect(visibleColumns(tool, NO_CHOICE)).toEqual(['id', 'serial', 'kind', 'well']);
    expect(isCustomized(tool, NO_CHOICE)).toBe(false);
  });

  it('hides a default column and shows another field, in the offered order', () => {
    let choice = toggleColumn(tool, NO_CHOICE, 'kind', false);
    choice = toggleColumn(tool, choice, 'hours', true);
    expect(choice).toEqual({ hidden: ['kind'], shown: ['hours'] });
    expect(visibleColumns(tool, choice)).toEqual(['id', 'serial', 'well', 'hours']);
    expect(isCustomized(tool, choice)).toBe(true);
    choice = toggleColumn(tool, toggleColumn(tool, choice, 'kind', true), 'hours', false);
    expect(choice).toEqual(NO_CHOICE);
    expect(isCustomized(tool, choice)).toBe(false);
  });

  it('always keeps one column', () => {
    let choice = NO_CHOICE;
    for (const path of ['id', 'serial', 'kind']) choice = toggleColumn(tool, choice, path, false);
    expect(visibleColumns(tool, choice)).toEqual(['well']);
    expect(toggleColumn(tool, choice, 'well', false)).toBe(choice);
  });

  it('forgets fields the schema no longer has and shows columns it adds later', () => {
    const choice = { hidden: ['gone'], shown: ['vanished', 'hours'] };
    expect(visibleColumns(tool, choice)).toEqual(['id', 'serial', 'kind', 'well', 'hours']);
    const grown = structuredClone(tool);
    grown['x-resource'].list.columns.push('hours');
    expect(visibleColumns(grown, { hidden: ['kind'], shown: [] })).toEqual(['id', 'serial', 'well', 'hours']);
  });

  it('does not count the implied column as a change', () => {
    expect(isCustomized(tool, NO_CHOICE, ['well'])).toBe(false);
    expect(visibleColumns(tool, NO_CHOICE, ['well'])).toEqual(['id', 'serial', 'kind']);
  });
});

describe('whether a list is filtered', () => {
  it('counts values other than empty ones and the defaults that mean "all"', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ q: '', status: null, ids: [] })).toBe(false);
    expect(hasActiveFilters({ brand: 0 }, { brand: 0 })).toBe(false);
    expect(hasActiveFilters({ brand: '0' }, { brand: 0 })).toBe(false);
    expect(hasActiveFilters({ brand: 3 }, { brand: 0 })).toBe(true);
    expect(hasActiveFilters({ brand: 0, q: 'T-1' }, { brand: 0 })).toBe(true);
    expect(hasActiveFilters({ status: 0 })).toBe(true);
  });
});
