// schemas/README.md documents every keyword a resource file may use once, and only those: its
// keyword tables are held to what schemas/meta-schema.json accepts. A keyword is a name the
// meta-schema lists at the root of a resource file or on a field; an `x-` keyword whose value has
// named members (`x-computed`, `x-ui`, `x-resource`, the rules of `x-rules`) is documented member
// by member instead, as `x-computed.sumSince`, `x-resource.survey`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCHEMA_DIR = join(import.meta.dirname, '../../schemas');

/** The parts of a JSON Schema this walk reads. */
interface MetaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, MetaNode>;
  additionalProperties?: MetaNode | boolean;
  items?: MetaNode;
  definitions?: Record<string, MetaNode>;
}

/** A node with its local `$ref`s followed (`#/definitions/<name>`). */
function resolve(meta: MetaNode, node: MetaNode): MetaNode {
  let at = node;
  for (const seen = new Set<string>(); at.$ref !== undefined;) {
    const ref = at.$ref;
    const name = /^#\/definitions\/(.+)$/.exec(ref)?.[1];
    const target = name === undefined ? undefined : meta.definitions?.[name];
    if (target === undefined || seen.has(ref)) throw new Error(`meta-schema: cannot follow ${ref}`);
    seen.add(ref);
    at = target;
  }
  return at;
}

/** The named members of an `x-` keyword's value (of each item, for a list), if it has any. */
function membersOf(meta: MetaNode, node: MetaNode): string[] {
  let value = resolve(meta, node);
  if (value.type === 'array' && value.items) value = resolve(meta, value.items);
  return Object.keys(value.properties ?? {});
}

/**
 * Every keyword the meta-schema lets a resource file use: the names of the root's properties and
 * those of a field (what every entry of the root's `properties` map must be), an `x-` keyword with
 * named members replaced by `<keyword>.<member>` for each.
 */
export function metaSchemaKeywords(meta: MetaNode): string[] {
  const rootKeywords = meta.properties ?? {};
  const fieldMap = rootKeywords.properties && resolve(meta, rootKeywords.properties);
  const field = typeof fieldMap?.additionalProperties === 'object' ? resolve(meta, fieldMap.additionalProperties) : undefined;
  if (!field?.properties) throw new Error("meta-schema: the root's properties do not say what a field is");
  const out = new Set<string>();
  for (const [name, node] of [...Object.entries(rootKeywords), ...Object.entries(field.properties)]) {
    const members = name.startsWith('x-') ? membersOf(meta, node) : [];
    if (members.length === 0) out.add(name);
    for (const member of members) out.add(`${name}.${member}`);
  }
  return [...out].sort();
}

/** A keyword as a row of the README documents it, with the row's line (1-based). */
export interface DocumentedKeyword {
  keyword: string;
  line: number;
}

const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const SEPARATOR_ROW = /^\s*\|(\s*:?-+:?\s*\|)+\s*$/;
/** `name`, `name: "<value>"`, `x-computed: {"sumSince": …}`: the name, and the member an object value starts with. */
const KEYWORD_CELL = /^([$A-Za-z][\w$-]*)(?:\s*:\s*\{\s*"?([A-Za-z]\w*)"?\s*[:,}])?/;
/** A heading naming an `x-` keyword whose members its tables document (## `x-resource`). */
const MEMBERS_HEADING = /^#+ .*`(x-[A-Za-z][\w-]*)`\s*$/;

const cellsOf = (row: string) =>
  TABLE_ROW.exec(row)![1]
    .split('|')
    .map((cell) => cell.trim());

/**
 * The keyword each row of the markdown's keyword tables documents. A keyword table is one whose
 * first column is headed `keyword`; each row names its keyword in backticks at the start of its
 * first cell. Under a heading that names an `x-` keyword in backticks, the rows are its members
 * (`survey` under ## `x-resource` is `x-resource.survey`); elsewhere a keyword whose value is
 * written as an object names the member that object starts with (`x-ui: {"widget": …}` is
 * `x-ui.widget`). A row with nothing readable there is returned as `?` so that it is reported.
 */
export function documentedKeywords(markdown: string): DocumentedKeyword[] {
  const lines = markdown.split('\n');
  const out: DocumentedKeyword[] = [];
  let owner: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (/^#+ /.test(lines[i])) owner = MEMBERS_HEADING.exec(lines[i])?.[1];
    const startsTable = TABLE_ROW.test(lines[i]) && SEPARATOR_ROW.test(lines[i + 1] ?? '');
    if (!startsTable) continue;
    const isKeywordTable = cellsOf(lines[i])[0] === 'keyword';
    for (i += 2; i < lines.length && TABLE_ROW.test(lines[i]); i++) {
      if (!isKeywordTable) continue;
      const code = /^`([^`]+)`/.exec(cellsOf(lines[i])[0])?.[1];
      const parsed = code === undefined ? undefined : KEYWORD_CELL.exec(code);
      const [name, member] = parsed ? [parsed[1], parsed[2]] : ['?', undefined];
      const keyword = owner !== undefined ? `${owner}.${name}` : member !== undefined ? `${name}.${member}` : name;
      out.push({ keyword, line: i + 1 });
    }
    i--;
  }
  return out;
}

/** What is wrong with the documented keywords against those the meta-schema has, one sentence each. */
export function keywordTableProblems(documented: readonly DocumentedKeyword[], known: readonly string[]): string[] {
  const linesOf = new Map<string, number[]>();
  for (const { keyword, line } of documented) linesOf.set(keyword, [...(linesOf.get(keyword) ?? []), line]);
  const problems: string[] = [];
  for (const [keyword, lines] of linesOf) {
    if (lines.length > 1) problems.push(`${keyword} is documented ${lines.length} times, on lines ${lines.join(', ')}`);
    if (!known.includes(keyword))
      problems.push(
        keyword === '?'
          ? `line ${lines.join(', ')}: a keyword row must begin with its keyword in backticks`
          : `${keyword} (line ${lines.join(', ')}) is not a keyword of meta-schema.json`,
      );
  }
  for (const keyword of known) if (!linesOf.has(keyword)) problems.push(`${keyword} is a keyword of meta-schema.json without a row`);
  return problems;
}

const readme = readFileSync(join(SCHEMA_DIR, 'README.md'), 'utf8');
const meta = JSON.parse(readFileSync(join(SCHEMA_DIR, 'meta-schema.json'), 'utf8')) as MetaNode;

describe('schemas/README.md keyword tables', () => {
  it('document every keyword of meta-schema.json once, and no other', () => {
    expect(keywordTableProblems(documentedKeywords(readme), metaSchemaKeywords(meta))).toEqual([]);
  });

  it('fail on the real README with a row repeated, naming its keyword', () => {
    const lines = readme.split('\n');
    const row = lines.findIndex((line) => line.startsWith('| `x-computed: {"sumSince"'));
    expect(row).toBeGreaterThan(0);
    const doubled = [...lines.slice(0, row + 1), lines[row], ...lines.slice(row + 1)].join('\n');
    expect(keywordTableProblems(documentedKeywords(doubled), metaSchemaKeywords(meta))).toEqual([
      `x-computed.sumSince is documented 2 times, on lines ${row + 1}, ${row + 2}`,
    ]);
  });

  it('fail on the real README with a row left out, naming its keyword', () => {
    const without = readme
      .split('\n')
      .filter((line) => !line.startsWith('| `survey`'))
      .join('\n');
    expect(keywordTableProblems(documentedKeywords(without), metaSchemaKeywords(meta))).toEqual([
      'x-resource.survey is a keyword of meta-schema.json without a row',
    ]);
  });

  it('fail on the real meta-schema with a keyword the README lacks', () => {
    const wider = structuredClone(meta) as { definitions: { field: { properties: Record<string, MetaNode> } } };
    wider.definitions.field.properties['x-new'] = { type: 'string' };
    expect(keywordTableProblems(documentedKeywords(readme), metaSchemaKeywords(wider as MetaNode))).toEqual([
      'x-new is a keyword of meta-schema.json without a row',
    ]);
  });
});

describe('the keywords of a meta-schema', () => {
  const small: MetaNode = {
    properties: {
      $id: { type: 'string' },
      properties: { $ref: '#/definitions/fieldMap' },
      'x-resource': { type: 'object', properties: { list: { type: 'object', properties: { columns: {} } }, survey: {} } },
      'x-rules': { type: 'array', items: { $ref: '#/definitions/rule' } },
    },
    definitions: {
      fieldMap: { type: 'object', additionalProperties: { $ref: '#/definitions/field' } },
      field: {
        type: 'object',
        properties: {
          type: {},
          properties: { $ref: '#/definitions/fieldMap' },
          'x-messages': { type: 'object', additionalProperties: { type: 'string' } },
          'x-computed': { type: 'object', properties: { sumOf: {}, sumSince: {} } },
        },
      },
      rule: { type: 'object', properties: { field: {}, gte: {} } },
    },
  };

  it('are the names at the root and on a field, an x- keyword with members by member, one level deep', () => {
    expect(metaSchemaKeywords(small)).toEqual([
      '$id',
      'properties',
      'type',
      'x-computed.sumOf',
      'x-computed.sumSince',
      'x-messages',
      'x-resource.list',
      'x-resource.survey',
      'x-rules.field',
      'x-rules.gte',
    ]);
  });

  it('reach the members of x-computed, x-ui, x-resource and x-rules in the real one', () => {
    const keywords = metaSchemaKeywords(meta);
    for (const keyword of ['writeOnly', 'x-ui.widget', 'x-computed.sumSince', 'x-resource.survey', 'x-rules.sumAtMost'])
      expect(keywords).toContain(keyword);
    expect(keywords.filter((keyword) => ['x-ui', 'x-computed', 'x-resource', 'x-rules'].includes(keyword))).toEqual([]);
  });
});

describe('the keywords a README documents', () => {
  const markdown = [
    '## Files',
    '',
    '| file | what it holds |',
    '|---|---|',
    '| `config.json` | option lists |',
    '',
    '## Fields',
    '',
    '| keyword | on | meaning |',
    '|---|---|---|',
    '| `readOnly: true` | field | set by the server |',
    '| `x-computed: {"sumSince": {"resource", "field"}}` | number field | a total |',
    '| `x-ui: {"widget": "<name>"}` | field | an input |',
    '| `x-messages: {"<keyword>": "<message>"}` | field | a message |',
    '| the type | field | no keyword in backticks |',
    '',
    '### Checks across fields: `x-rules`',
    '',
    '| keyword | meaning |',
    '|---|---|',
    '| `gte: "<other field>"` | at least |',
    '',
    '## `x-resource`',
    '',
    '| keyword | meaning |',
    '| --- | --- |',
    '| `survey` | a well’s survey |',
    '| `survey` | again |',
  ].join('\n');

  it('are the first cells of the keyword tables, members under a heading naming their keyword', () => {
    expect(documentedKeywords(markdown)).toEqual([
      { keyword: 'readOnly', line: 11 },
      { keyword: 'x-computed.sumSince', line: 12 },
      { keyword: 'x-ui.widget', line: 13 },
      { keyword: 'x-messages', line: 14 },
      { keyword: '?', line: 15 },
      { keyword: 'x-rules.gte', line: 21 },
      { keyword: 'x-resource.survey', line: 27 },
      { keyword: 'x-resource.survey', line: 28 },
    ]);
  });

  it('are held to the known ones: a repeated, a missing, an unknown and an unreadable row are named', () => {
    const known = ['readOnly', 'writeOnly', 'x-computed.sumSince', 'x-messages', 'x-resource.survey', 'x-rules.gte'];
    expect(keywordTableProblems(documentedKeywords(markdown), known)).toEqual([
      'x-ui.widget (line 13) is not a keyword of meta-schema.json',
      'line 15: a keyword row must begin with its keyword in backticks',
      'x-resource.survey is documented 2 times, on lines 27, 28',
      'writeOnly is a keyword of meta-schema.json without a row',
    ]);
  });

  it('are fine when each known keyword has one row', () => {
    const rows = ['| keyword | meaning |', '|---|---|', '| `readOnly: true` | a |', '| `x-ui: {"widget": "menuTree"}` | b |'];
    expect(keywordTableProblems(documentedKeywords(rows.join('\n')), ['readOnly', 'x-ui.widget'])).toEqual([]);
  });
});
