// The keywords of every field of a resource schema, at every depth (top-level fields, groups,
// definitions, list items), checked against what the console, the server and the stores do
// with them. Several keywords work only on a field written directly in `properties`: the server
// computes, stamps, defaults and checks references and dictionary values column by column.
import { fakeProblem } from './check-fake';
import { computedProblems } from './check-computed';
import { listKeywordProblems } from './check-lists';
import { colorsOf } from './check-colors';
import { type Found, esc } from './check-form';
import { uploadProblems } from './check-upload';
import { recordOfProblems } from './check-record-of';
import { patternCompiles, valueProblem } from './check-values';
import type { ConfigOptions, FieldSchema, ResourceSchema } from './types';

export interface ResourceContext {
  root: ResourceSchema;
  config: ConfigOptions;
  /** The resources whose files have the right form, by name. */
  resources: Record<string, ResourceSchema>;
  /** Every resource name, sound or not. */
  names: Set<string>;
  /** The widgets the console registers, where they are known (its tests); unchecked otherwise. */
  widgets?: readonly string[];
}

interface Node {
  pointer: string;
  schema: FieldSchema;
  /** Written directly in the root's `properties`. */
  topLevel: boolean;
  /** Named in the `required` of the object holding it. */
  required: boolean;
  /** A field of the rows of a top-level list of objects (a daily report's time log). */
  row: boolean;
}

/** Keywords a validation error can be about, hence keys x-messages may give a message for. */
const VALIDATION_KEYWORDS = [
  'type',
  'required',
  'enum',
  'format',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'uniqueItems',
];
/** What may stand beside a $ref; anything else there is ignored, since the definition is used as it is. */
const BESIDE_REF = new Set(['$ref', '$comment', 'title', 'description']);
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]*$/;

function* nodesOf(root: ResourceSchema): Generator<Node> {
  const refRequired = new Set<string>();
  function* visit(schema: FieldSchema, pointer: string, topLevel: boolean, required: boolean, row = false): Generator<Node> {
    if (schema.$ref && required) refRequired.add(schema.$ref);
    yield { pointer, schema, topLevel, required, row };
    const rowsOfList = topLevel && schema.type === 'array';
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      yield* visit(child, `${pointer}/properties/${esc(name)}`, false, (schema.required ?? []).includes(name), row);
    }
    if (schema.items) yield* visit(schema.items, `${pointer}/items`, false, false, rowsOfList);
  }
  for (const [name, prop] of Object.entries(root.properties ?? {})) {
    yield* visit(prop, `/properties/${esc(name)}`, true, (root.required ?? []).includes(name));
  }
  // A definition is required where a required field refers to it.
  for (const [name, def] of Object.entries(root.definitions ?? {})) {
    yield* visit(def, `/definitions/${esc(name)}`, false, refRequired.has(`#/definitions/${name}`));
  }
}

const TOP_LEVEL_ONLY = 'works only on a field written directly in properties, not inside a group or definition';

/** Where dictionary values and references are checked: top-level fields and the fields of a top-level list's rows. */
const ROW_OR_TOP = 'works only on a top-level field or a field of the rows of a top-level list';

function optionsProblems({ pointer, schema, topLevel, row }: Node, ctx: ResourceContext): Found[] {
  const list = schema['x-options'];
  if (list === undefined) return [];
  const at = `${pointer}/x-options`;
  if (list.startsWith('dict:')) {
    const code = list.slice(5);
    if (!DICT_CODE.test(code)) return [{ pointer: at, message: `"${code}" is not a dictionary code: a letter, then letters, digits or _` }];
    if (schema.type !== 'string') return [{ pointer: at, message: `a dictionary field must be of type string (its values are item keys)` }];
    if (!topLevel && !row) return [{ pointer: at, message: `a dictionary field ${ROW_OR_TOP}` }];
    return [];
  }
  const options = ctx.config[list];
  if (!options)
    return [{ pointer: at, message: `"${list}" is not an option list of schemas/config.json (a dictionary list is written dict:<code>)` }];
  const numeric = options.items.every((item) => typeof item.key === 'number');
  const fits = numeric ? schema.type === 'integer' || schema.type === 'number' : schema.type === 'string';
  return fits
    ? []
    : [{ pointer: at, message: `the keys of ${list} are ${numeric ? 'numbers' : 'strings'}, but the field is of type ${schema.type}` }];
}

function refProblems({ pointer, schema, topLevel, row }: Node, ctx: ResourceContext): Found[] {
  const target = schema['x-ref'];
  if (target === undefined) return [];
  const at = `${pointer}/x-ref`;
  if (!topLevel && !row) return [{ pointer: at, message: `x-ref ${ROW_OR_TOP}` }];
  if (schema.type !== 'integer')
    return [{ pointer: at, message: `x-ref needs a field of type integer: it holds the id of a ${target} record` }];
  if (!ctx.names.has(target)) return [{ pointer: at, message: `no resource "${target}" (no schemas/${target}.json)` }];
  const endpoints = ctx.resources[target]?.['x-resource'].endpoints;
  const missing = endpoints ? (['list', 'info'] as const).filter((kind) => !endpoints[kind]) : [];
  return missing.length
    ? [
        {
          pointer: at,
          message: `${target} has no ${missing.join(' or ')} endpoint; a reference needs list (to choose a record) and info (to show it)`,
        },
      ]
    : [];
}

function messagesProblems({ pointer, schema, required }: Node): Found[] {
  const out: Found[] = [];
  if (schema.pattern !== undefined && !patternCompiles(schema.pattern))
    out.push({ pointer: `${pointer}/pattern`, message: 'is not a valid regular expression' });
  else if (schema.pattern !== undefined && !schema['x-messages']?.pattern) {
    out.push({
      pointer: `${pointer}/pattern`,
      message: 'needs a message in x-messages.pattern: a person is never shown a regular expression',
    });
  }
  for (const key of Object.keys(schema['x-messages'] ?? {})) {
    // An option list of /config is checked as an enum of its keys.
    const has =
      key === 'required'
        ? required
        : key === 'enum'
          ? Boolean(schema.enum || schema['x-options'])
          : schema[key as keyof FieldSchema] !== undefined;
    const at = `${pointer}/x-messages/${esc(key)}`;
    if (!VALIDATION_KEYWORDS.includes(key))
      out.push({ pointer: at, message: `"${key}" is not a validation keyword (${VALIDATION_KEYWORDS.join(', ')})` });
    else if (!has) out.push({ pointer: at, message: key === 'required' ? 'the field is not required' : `the field has no ${key}` });
  }
  return out;
}

function serverKeywordProblems({ pointer, schema, topLevel, row }: Node, ctx: ResourceContext): Found[] {
  const out: Found[] = [];
  const add = (key: string, message: string) => out.push({ pointer: `${pointer}/${key}`, message });
  const numeric = schema.type === 'number' || schema.type === 'integer';
  if (schema['x-unit'] !== undefined && !numeric) add('x-unit', 'x-unit is only for fields of type number or integer');
  if (schema['x-ui']?.multiline !== undefined && schema.type !== 'string')
    add('x-ui/multiline', 'multiline is only for fields of type string');
  if (schema['x-ui']?.expiry !== undefined && schema.format !== 'date' && schema.format !== 'date-time')
    add('x-ui/expiry', 'expiry is only for date and date-time fields');
  const unless = schema['x-ui']?.expiryUnless;
  if (unless !== undefined && (schema['x-ui']?.expiry === undefined || ctx.root.properties?.[unless]?.type !== 'boolean'))
    add('x-ui/expiryUnless', 'expiryUnless is for a field with an expiry, naming a top-level boolean field');
  const nameOf = schema['x-ui']?.nameOf;
  if (nameOf !== undefined && (!topLevel || schema.type !== 'string' || ctx.root.properties?.[nameOf]?.type !== 'string'))
    add('x-ui/nameOf', 'nameOf is for a top-level string field, naming another top-level string field');
  const widget = schema['x-ui']?.widget;
  if (widget !== undefined && ctx.widgets && !ctx.widgets.includes(widget))
    add('x-ui/widget', `no widget "${widget}" (registered: ${ctx.widgets.join(', ')})`);
  if (schema['x-default'] !== undefined) {
    if (!topLevel) add('x-default', `x-default ${TOP_LEVEL_ONLY}`);
    else if (schema.type !== 'string' || schema.format !== 'date-time')
      add('x-default', 'x-default "now" needs a field of type string with format date-time');
  }
  if (schema.default !== undefined) {
    const problem = topLevel ? valueProblem(schema, schema.default, ctx.config) : `default ${TOP_LEVEL_ONLY}`;
    if (problem) add('default', problem);
    // A default fills a value a person leaves out; a readOnly value is the server's, and a write carrying it is refused.
    else if (schema.readOnly) add('default', 'a readOnly field takes no default: the server keeps its value (x-default or x-computed)');
  }
  const inGroup = !topLevel && !row && pointer.startsWith('/properties/') && !pointer.includes('/items');
  out.push(...computedProblems(pointer, schema, topLevel, ctx, TOP_LEVEL_ONLY, inGroup));
  out.push(...listKeywordProblems(pointer, schema, ctx.root, /(?<!\/properties)\/items(\/|$)/.test(pointer)));
  out.push(...uploadProblems(pointer, schema, topLevel, TOP_LEVEL_ONLY));
  const fake = fakeProblem(schema, ctx);
  if (fake) add('x-fake', fake);
  return out;
}

/** `x-ui.colors` names values the field can hold (a dictionary's items are written at run time: any key may become one). */
function colorsProblems({ pointer, schema }: Node, ctx: ResourceContext): Found[] {
  const keys = Object.keys(colorsOf(schema));
  const list = schema['x-options'];
  // An unknown option list is reported with x-options.
  if (keys.length === 0 || list?.startsWith('dict:') || (list && !ctx.config[list])) return [];
  const at = `${pointer}/x-ui/colors`;
  const values = list ? ctx.config[list].items.map((item) => item.key) : (schema.enum ?? schema.items?.enum);
  if (!values) return [{ pointer: at, message: 'colours are for a field with options (enum or x-options)' }];
  const shown = values.length <= 8 ? values.join(', ') : `${values.slice(0, 8).join(', ')}, …`;
  return keys
    .filter((key) => !values.map(String).includes(key))
    .map((key) => ({ pointer: `${at}/${esc(key)}`, message: `"${key}" is not a value of the field (${shown})` }));
}

function nodeProblems(node: Node, ctx: ResourceContext): Found[] {
  const { pointer, schema } = node;
  if (schema.$ref) {
    const name = schema.$ref.replace('#/definitions/', '');
    const out: Found[] = Object.keys(schema)
      .filter((key) => !BESIDE_REF.has(key))
      .map((key) => ({ pointer: `${pointer}/${esc(key)}`, message: `is ignored beside $ref: write it in ${schema.$ref}` }));
    if (!Object.hasOwn(ctx.root.definitions ?? {}, name))
      out.push({ pointer: `${pointer}/$ref`, message: `no definition "${name}" in this file` });
    return out;
  }
  const keys = Object.keys(schema.properties ?? {});
  const requiredProblems = (schema.required ?? [])
    .map((name, i) => ({ name, i }))
    .filter(({ name }) => !keys.includes(name))
    .map(({ name, i }) => ({ pointer: `${pointer}/required/${i}`, message: `"${name}" is not a field of this group` }));
  return [
    ...requiredProblems,
    ...optionsProblems(node, ctx),
    ...refProblems(node, ctx),
    ...messagesProblems(node),
    ...serverKeywordProblems(node, ctx),
    ...colorsProblems(node, ctx),
    ...recordOfProblems(node, ctx.root),
  ];
}

/** Every problem of every field of the resource, each once. */
export function fieldProblems(ctx: ResourceContext): Found[] {
  const out: Found[] = [];
  for (const node of nodesOf(ctx.root)) out.push(...nodeProblems(node, ctx));
  return out;
}
