// Every language has every key English has: react-admin's own (ra-language-english) and ours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../kernel/i18n/languages';
import { messages as allMessages, ourMessages } from '../messages';

const I18N = join(import.meta.dirname, '../../i18n');

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

const english = allMessages('en');

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s messages', (language) => {
  const messages = allMessages(language);

  it('have every key English has, and no other', () => {
    expect(Object.keys(messages).filter((k) => !(k in english))).toEqual([]);
    expect(Object.keys(english).filter((k) => !(k in messages))).toEqual([]);
  });

  it('are non-empty wherever English is (react-admin leaves ra.boolean.null blank)', () => {
    expect(Object.entries(messages).filter(([k, v]) => !v.trim() && english[k]?.trim())).toEqual([]);
  });

  it('call a survey in their own words, never by the English "survey"', () => {
    const ours = ourMessages(language);
    expect(Object.entries(ours).filter(([, text]) => /\bsurvey/i.test(text.replace(/%\{\w+\}/g, '')))).toEqual([]);
  });

  it('keep the placeholders of our English messages', () => {
    const ours = ourMessages('en');
    const lost = Object.keys(ours).filter((k) => placeholders(ours[k]).some((p) => !placeholders(messages[k]).includes(p)));
    expect(lost).toEqual([]);
  });
});

describe('the English messages', () => {
  it('call an instrument an instrument, never a device', () => {
    // The search's other words are what people type, not what the console says.
    const read = Object.entries(ourMessages('en')).filter(([key]) => key !== 'app.search.synonyms');
    expect(read.filter(([, text]) => /\bdevices?\b/i.test(text.replace(/%\{\w+\}/g, '')))).toEqual([]);
  });

  it('give a route.<title> for every titled route of the route tree', () => {
    const routes = JSON.parse(readFileSync(join(I18N, '../schemas/routes.json'), 'utf8'));
    const titles = new Set<string>();
    const walk = (nodes: { meta?: { title?: string }; children?: unknown[] }[]) => {
      for (const node of nodes) {
        if (node.meta?.title) titles.add(node.meta.title);
        walk((node.children ?? []) as typeof nodes);
      }
    };
    walk(routes.routes);
    expect([...titles].filter((t) => !(`route.${t}` in english))).toEqual([]);
  });

  it('label every field and enum value of every schema', async () => {
    const { loadRegistry } = await import('../../kernel/schema/load-node');
    const { fields, properties } = await import('../../kernel/schema/registry');
    const registry = loadRegistry();
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(registry.resources)) {
      const paths = [...fields(schema).map((f) => f.path), ...Object.keys(properties(schema))];
      for (const path of paths) if (!english[`resources.${name}.fields.${path}`]) missing.push(`resources.${name}.fields.${path}`);
      for (const f of fields(schema)) {
        for (const value of f.schema.enum ?? []) {
          const key = `resources.${name}.enums.${f.path}.${value}`;
          if (!english[key] && typeof value !== 'string') missing.push(key);
        }
        const list = f.schema['x-options'];
        for (const option of list && !list.startsWith('dict:') ? registry.config[list].items : []) {
          if (!english[`options.${list}.${option.key}`]) missing.push(`options.${list}.${option.key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
