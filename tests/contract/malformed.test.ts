// 1,000 malformed payloads, drawn from a seeded generator, across every write endpoint and sign-in:
// never a 500, never a crash, and the database exactly as it was.
import { describe, expect, it } from 'vitest';
import { openSqlStore } from '../../server/db/open';
import { freshSqlite } from './databases';
import { type Envelope, makeApi, registry } from './helpers';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, pick };
}

const WEIRD_VALUES: unknown[] = [
  -1,
  0,
  1.5,
  2 ** 60,
  -(2 ** 53),
  'x'.repeat(70_000),
  '',
  ' ',
  '\u0000',
  "'; DROP TABLE device; --",
  '%',
  '<script>',
  '😀',
  true,
  false,
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [{}] } },
  { $gt: '' },
];
const BAD_IDS: unknown[] = ['abc', -1, 0, 1.5, 2 ** 60, [], {}, null, true, '1; DROP TABLE crew', '1,2'];
const NOT_JSON = ['{', '{"a":', 'null', '[]', '"text"', '42', 'true', '{"numtype":"T",}', '\u0000\u0001', '{"__proto__": {"admin": true}}'];

describe('1,000 malformed payloads', () => {
  it('are each refused with a clear code, never a 500, and change nothing', async () => {
    const api = await makeApi(await openSqlStore(freshSqlite(), registry));
    const snapshot = async () => {
      const out: Record<string, unknown> = {};
      for (const name of Object.keys(registry.resources)) {
        const { list, info } = registry.resources[name]['x-resource'].endpoints;
        // A singleton (the system parameters) has no list: its one record.
        out[name] = (await api.call('GET', (list ?? info!).path, { query: { limit: 1000 } })).data;
      }
      return JSON.stringify(out);
    };
    const before = await snapshot();
    const { next, pick } = random(20261121);
    const writes = Object.entries(registry.resources).flatMap(([name, schema]) =>
      (['add', 'update', 'del'] as const).flatMap((kind) => {
        const endpoint = schema['x-resource'].endpoints[kind];
        return endpoint ? [{ name, kind, endpoint, fields: Object.keys(schema.properties ?? {}).filter((f) => f !== 'id') }] : [];
      }),
    );
    const base = (await api.call<Record<string, unknown>>('GET', '/device/detail', { query: { id: 1 } })).data;

    const codes = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const target = pick(writes);
      const style = Math.floor(next() * 5);
      let body: unknown;
      if (style === 0) body = pick(NOT_JSON);
      else if (style === 1) body = { ...base, id: 1, [`unknown_${Math.floor(next() * 100)}`]: pick(WEIRD_VALUES) };
      else if (style === 2) body = { id: pick(BAD_IDS), ids: pick([undefined, [], ['x'], [1, -2], {}]) as unknown };
      else if (style === 3) {
        // A known field with a value of the wrong kind (never null or '', which mean "no value").
        const field = pick(target.fields);
        const value = pick(WEIRD_VALUES.filter((v) => v !== '' && typeof v !== typeof base[field]));
        body = { ...base, id: 1, version: 1, [field]: value, colour: 'red' };
      } else body = pick([[base], 'just text', 12, { __proto__: null, id: 1, constructor: 'x' }]);
      const text = typeof body === 'string' && style === 0 ? body : JSON.stringify(body);
      const answer = await api.app.fetch(
        new Request(`http://localhost/dev-api${target.endpoint.path}`, {
          method: target.endpoint.method,
          headers: {
            'X-Token': 'admin-token',
            'Content-Type': pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']),
          },
          body: text,
        }),
      );
      expect(answer.status, `#${i} ${target.endpoint.path} ${text.slice(0, 80)}`).toBe(200);
      const envelope = (await answer.json()) as Envelope;
      expect(envelope.code, `#${i} ${target.endpoint.path} ${text.slice(0, 80)}`).not.toBe(20000);
      expect(envelope.message, `#${i}`).toEqual(expect.any(String));
      codes.set(envelope.code, (codes.get(envelope.code) ?? 0) + 1);
    }
    for (const attempt of ['', '{']) {
      const answer = await api.call('POST', '/user/login', { body: attempt, token: null });
      expect(answer.code, attempt).toBe(40001);
    }
    for (const attempt of [
      JSON.stringify({ username: ['admin'], password: { $ne: '' } }),
      JSON.stringify({ username: "admin' --", password: 'x' }),
    ]) {
      const answer = await api.call('POST', '/user/login', { body: attempt, token: null });
      expect(answer.code, attempt).toBe(60204);
    }
    expect(await snapshot()).toBe(before);
    expect([...codes.keys()].filter((code) => code !== 40001 && code !== 40004)).toEqual([]);
    expect([...codes.values()].reduce((a, b) => a + b, 0)).toBe(1000);
    await api.store.close();
  }, 60_000);
});
