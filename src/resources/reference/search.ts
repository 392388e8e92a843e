// How a reference picker asks the server for the records matching what the person types.
import { SEARCH_PARAM } from '../../../kernel/schema/query';
import type { ResourceSchema } from '../../../kernel/schema/types';

/**
 * The list filter for a typed text: the schema's search (`q`) when it declares one, else a
 * `contains` filter, preferably on the field that names its records; no filter for empty text.
 */
export function searchFilter(schema: ResourceSchema): (text: string) => Record<string, string> {
  const meta = schema['x-resource'];
  const contains = meta.filters.filter((f) => f.op === 'contains');
  const param = meta.search?.length ? SEARCH_PARAM : (contains.find((f) => f.field === meta.recordRepresentation) ?? contains[0])?.param;
  return (text: string) => {
    const trimmed = text?.trim();
    return trimmed && param ? { [param]: trimmed } : {};
  };
}
