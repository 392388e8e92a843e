// The template a person fills in to import records into a list: the fields a column may fill as
// headers in the reader's language (a star on the required ones, the unit in brackets), one
// example row, and the values each option field takes on a second sheet. Made in the browser from
// what GET /import/fields answers, with the same writer as the list's export.
import { sheetName } from './serialize';

export interface ImportFieldInfo {
  path: string;
  label: string;
  required: boolean;
  unit?: string;
  list?: boolean;
  options?: string[];
}

export interface ImportFields {
  fields: ImportFieldInfo[];
  /** The mapping the person chose at their last import of this list: header → field ('' for none). */
  mapping: Record<string, string>;
}

/**
 * A column's header in the template: "*Number", "Outer diameter (mm)". The unit is the schema's
 * own (`x-unit`), which the import reads back whatever the language.
 */
export const templateHeader = (field: Pick<ImportFieldInfo, 'label' | 'required' | 'unit'>) =>
  `${field.required ? '*' : ''}${field.label}${field.unit ? ` (${field.unit})` : ''}`;

/** An example value for a field, when it has an obvious one: its first option. */
const example = (field: ImportFieldInfo): string | null => field.options?.[0] ?? null;

export async function templateWorkbook(info: ImportFields, titles: { sheet: string; options: string }): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const headers = info.fields.map((field) => ({ value: templateHeader(field), fontWeight: 'bold' as const }));
  const sample = info.fields.map((field) => {
    const value = example(field);
    return value === null ? null : { value };
  });
  const withOptions = info.fields.filter((field) => field.options && field.options.length > 0);
  const longest = Math.max(0, ...withOptions.map((field) => field.options!.length));
  const options = [
    withOptions.map((field) => ({ value: field.label, fontWeight: 'bold' as const })),
    ...Array.from({ length: longest }, (_, i) => withOptions.map((field) => (field.options![i] ? { value: field.options![i] } : null))),
  ];
  return writeXlsxFile(
    [
      {
        data: [headers, sample],
        sheet: sheetName(titles.sheet),
        stickyRowsCount: 1,
        columns: headers.map((h) => ({ width: Math.min(30, Math.max(10, h.value.length * 2)) })),
      },
      { data: options, sheet: sheetName(titles.options), stickyRowsCount: 1, columns: withOptions.map(() => ({ width: 20 })) },
    ],
    {},
  ).toBlob();
}
