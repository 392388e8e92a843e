import { useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import type { FieldSchema } from '../../../kernel/schema/types';
import { useOptionChoices } from './useConfigOptions';

export interface Choice {
  id: string | number;
  name: string;
}

/** The choices of an enum field or an option-list field, translated; undefined for free fields. */
export function useChoices(resource: string, path: string, schema: FieldSchema): Choice[] | undefined {
  const translate = useTranslate();
  const list = schema['x-options'];
  const fromConfig = useOptionChoices(list ?? '', list ? registry.config[list]?.labelField ?? 'name' : 'name');
  if (list) return fromConfig;
  const values = schema.enum ?? schema.items?.enum;
  if (!values) return undefined;
  return values.map((value) => ({
    id: value,
    name: translate(`resources.${resource}.enums.${path}.${value}`, { _: String(value) }),
  }));
}
