// Checks a form in the browser with the same schema and messages the server uses.
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { RecordValidator } from '../../../kernel/schema/validation';
import { compact, stripReadOnly } from '../../../kernel/schema/write-schema';
import type { Language } from '../../../kernel/i18n/languages';

const validator = new RecordValidator(registry);

/** Sets `value` at a dotted path of `target`, creating the groups on the way. */
function setPath(target: Record<string, unknown>, path: string, value: string) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

/** What a form sends: server-owned fields dropped, empty inputs absent. */
export function toPayload(resource: string, values: Record<string, unknown>): Record<string, unknown> {
  return compact(stripReadOnly(registry.resources[resource], values), registry.resources[resource]);
}

export function useRecordValidator(resource: string) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(
    () => (values: Record<string, unknown>) => {
      const errors: Record<string, unknown> = {};
      for (const problem of validator.check(resource, stripReadOnly(registry.resources[resource], values), locale as Language, translate)) {
        setPath(errors, problem.field, problem.message);
      }
      return errors;
    },
    [resource, locale, translate],
  );
}
