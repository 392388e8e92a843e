// The import template a list's Import dialog downloads reads back as it was meant: for every
// importable resource and every language, each header of the template finds its own field (its
// unit included), and the workbook holds the headers, an example row and the options sheet.
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../kernel/i18n/languages';
import { matchHeaders } from '../../kernel/import/headers';
import { loadRegistry } from '../../kernel/schema/load-node';
import { readSpreadsheet } from '../../kernel/sheet/read';
import { importFields, importable } from '../../server/import/fields';
import { translator } from '../../server/http/messages';
import { templateHeader, templateWorkbook } from '../../src/resources/list/importTemplate';

const registry = loadRegistry();
const resources = Object.entries(registry.resources).filter(([, schema]) => importable(schema));

describe('the import template', () => {
  it.each(resources)('of %s reads back to its fields in every language', (name, schema) => {
    const fields = importFields(name, schema);
    for (const language of LANGUAGES) {
      const t = translator(language);
      const labels = fields.map((field) => t(`resources.${name}.fields.${field.path}`));
      // Two fields labelled alike cannot be told apart by a header: the person picks them.
      const distinct = fields.filter((_, i) => labels.indexOf(labels[i]) === labels.lastIndexOf(labels[i]));
      const headers = distinct.map((field) => templateHeader({ ...field, label: t(`resources.${name}.fields.${field.path}`) }));
      const matched = matchHeaders(headers, fields);
      expect(
        matched.map((m) => m.path),
        `${name} in ${language}`,
      ).toEqual(distinct.map((field) => field.path));
      expect(matched.filter((m) => 'problem' in m)).toEqual([]);
    }
  });

  it('holds the headers, an example row and the options on a second sheet', async () => {
    const blob = await templateWorkbook(
      {
        fields: [
          { path: 'num', label: '编号', required: true },
          { path: 'type', label: '类型', required: true, options: ['脉冲器', '探管'] },
          { path: 'outerDiameter', label: '外径', required: false, unit: 'mm' },
        ],
        mapping: {},
      },
      { sheet: '仪器', options: '可选值' },
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const read = readSpreadsheet(bytes);
    expect(read).toEqual({
      ok: true,
      format: 'xlsx',
      rows: [
        ['*编号', '*类型', '外径 (mm)'],
        [null, '脉冲器'],
      ],
    });
    const parts = unzipSync(bytes);
    const second = Object.entries(parts).find(([path]) => /worksheets\/sheet2\.xml$/.test(path));
    const strings = strFromU8(parts['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(second).toBeDefined();
    expect(strings).toContain('探管');
  });
});
