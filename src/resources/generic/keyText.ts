// A stored value that is a key of the product, as people read it: a resource's name
// (`x-resource-name`), a route's title key (`x-route-title`) or what a widget makes of it (a
// screen's component, by its route's title). Lists, exports and a record's name all read it here.
import type { FieldSchema } from '../../../kernel/schema/types';
import { widgetText } from '../widgets';
import { resourceName } from './resourceName';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The value in the reader's language; undefined when the field holds no such key. */
export function keyText(schema: FieldSchema, value: unknown, translate: Translate): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (schema['x-resource-name']) return resourceName(translate, String(value));
  if (schema['x-route-title']) return translate(`route.${String(value)}`, { _: String(value) });
  return widgetText(schema['x-ui']?.widget, value, translate);
}
