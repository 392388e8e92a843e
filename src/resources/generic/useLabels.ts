import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldSchema } from '../../../kernel/schema/types';

/** The translated label of a field, its unit (translated under units.<unit>), and a column header "Label (unit)". */
export function useLabels(resource: string) {
  const translate = useTranslate();
  return useMemo(() => {
    const field = (path: string) => translate(`resources.${resource}.fields.${path}`, { _: path });
    const unit = (schema?: FieldSchema) => {
      const symbol = schema?.['x-unit'];
      return symbol ? translate(`units.${symbol}`, { _: symbol }) : undefined;
    };
    const column = (path: string, schema?: FieldSchema) => {
      const symbol = unit(schema);
      return symbol ? `${field(path)} (${symbol})` : field(path);
    };
    return { field, unit, column };
  }, [resource, translate]);
}
