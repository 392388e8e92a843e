import { useMemo } from 'react';
import { SearchInput, useTranslate } from 'react-admin';
import { SEARCH_PARAM } from '../../../kernel/schema/query';
import { field } from '../../../kernel/schema/registry';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { FilterInput } from './FilterInput';

/**
 * The filter inputs of a list: one search box over the schema's searchable fields (`q`) when it
 * names some, then each `x-resource.filters` entry (but those on fields `omit` names, implied by
 * where the list stands); and the values that mean "all". The same inputs while these stay the
 * same: the filter form draws again only when they change.
 */
export function useFilterInputs(resource: string, schema: ResourceSchema, omit: string[] = []) {
  const translate = useTranslate();
  const omitted = omit.join('\n');
  return useMemo(
    () => filterInputs(resource, schema, omitted ? omitted.split('\n') : [], translate),
    [resource, schema, omitted, translate],
  );
}

function filterInputs(resource: string, schema: ResourceSchema, omit: string[], translate: (key: string) => string) {
  const meta = schema['x-resource'];
  const search = meta.search?.length
    ? [<SearchInput key={SEARCH_PARAM} source={SEARCH_PARAM} alwaysOn placeholder={translate('ra.action.search')} />]
    : [];
  const inputs = [
    ...search,
    ...meta.filters
      .filter((filter) => !omit.includes(filter.field))
      .map((filter) => (
        <FilterInput
          key={filter.param}
          source={filter.param}
          alwaysOn={filter.alwaysOn}
          resource={resource}
          filter={filter}
          schema={field(schema, filter.field)?.schema ?? {}}
        />
      )),
  ];
  const defaults = Object.fromEntries(meta.filters.filter((f) => f.all !== undefined).map((f) => [f.param, f.all]));
  return { inputs, defaults, hasMore: inputs.some((input) => !input.props.alwaysOn) };
}
