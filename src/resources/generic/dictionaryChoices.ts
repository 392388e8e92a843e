// Choices from a data-dictionary list: labelled in the person's language, in the list's order.
// A disabled item stays readable (lists, filters, old records) but is no longer offered in forms.
import { type DictionaryOption, labelIn } from '../../../kernel/schema/dictionary';

export interface Choice {
  id: string | number;
  name: string;
  /** A dictionary item an admin has disabled: shown, but not offered for new values. */
  inactive?: boolean;
  /** Greyed out in a select (react-admin's `disableValue`). */
  disabled?: boolean;
}

/** The label in `locale`, else in English, else the first one given, else the key. */
export function itemLabel(item: DictionaryOption, locale: string): string {
  return labelIn(item.label, locale) ?? item.key;
}

export function dictionaryChoices(items: DictionaryOption[] | undefined, locale: string): Choice[] {
  return [...(items ?? [])]
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map((item) => ({ id: item.key, name: itemLabel(item, locale), ...(item.enabled === false ? { inactive: true } : {}) }));
}

/**
 * What a form offers: the active choices, plus the record's current values among the inactive
 * ones, greyed out and marked so the person sees why they cannot pick them again.
 */
export function formChoices(choices: Choice[], current: unknown, mark: (name: string) => string): Choice[] {
  const kept = new Set((Array.isArray(current) ? current : [current]).filter((v) => v !== undefined && v !== null));
  return choices.filter((c) => !c.inactive || kept.has(c.id)).map((c) => (c.inactive ? { ...c, name: mark(c.name), disabled: true } : c));
}
