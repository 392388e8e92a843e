// What the assign dialog's scan field makes of a label: the record id in the address its QR code
// holds, for each resource that has labels and a record page; anything else is no label.
import { describe, expect, it } from 'vitest';
import { LABEL_SHEETS, recordIdOfAddress } from '../../kernel/pdf/names';
import { loadRegistry } from '../../kernel/schema/load-node';
import { recordPath, viewPaths } from '../../kernel/routes/tree';

const pages = viewPaths(loadRegistry().routes);

describe.each(Object.keys(LABEL_SHEETS))('the labels of %s', (resource) => {
  const pattern = pages[resource]?.record ?? pages[resource]?.show ?? pages[resource]?.edit;

  it('have a record page to point to', () => expect(pattern).toBeDefined());

  it('name their record by its address, in full or by its path', () => {
    for (const id of [1, 42, 9_007_199_254]) {
      const path = recordPath(pattern!, id);
      expect(recordIdOfAddress(`https://console.example.com${path}`, pattern!)).toBe(id);
      expect(recordIdOfAddress(`  http://10.0.0.5:8080${path}\n`, pattern!)).toBe(id);
      expect(recordIdOfAddress(path, pattern!)).toBe(id);
    }
  });

  it('take nothing else for a label', () => {
    const path = recordPath(pattern!, 7);
    for (const text of [
      '',
      'T1169',
      `${path}x`,
      path.replace('7', '0'),
      path.replace('7', '-7'),
      path.replace('7', '99999999999999999'),
      '/other/record/7',
      'http://[bad',
    ])
      expect(recordIdOfAddress(text, pattern!), text).toBeUndefined();
  });
});
