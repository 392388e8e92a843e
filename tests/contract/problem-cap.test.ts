// However many problems a refused write has, its answer names the first 10 of them, whatever
// their kind: unknown fields, wrong types, out-of-range values. Checked on every resource that
// takes creates, so a resource added later is checked too.
import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS_REPORTED } from '../../kernel/contract/limits';
import { type Envelope, makeApi, registry } from './helpers';

const creates = Object.entries(registry.resources).flatMap(([name, schema]) => {
  const create = schema['x-resource'].endpoints.add;
  return create ? [[name, create.path] as const] : [];
});

describe('the cap on the problems a refusal names', () => {
  it('has resources to check', () => expect(creates.length).toBeGreaterThan(5));

  it('names at most 10 of 60,000 unknown fields in a small answer (and of 1,000 on every other resource)', async () => {
    const api = await makeApi(undefined, { seed: false });
    const body = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 0]));
    for (const [index, [name, path]] of creates.entries()) {
      const answer = (await api.call('POST', path, { body: body(index === 0 ? 60_000 : 1000) })) as Envelope<unknown> & {
        errors?: unknown[];
      };
      expect(answer.code, name).toBe(40001);
      expect(answer.errors?.length ?? 0, name).toBeLessThanOrEqual(MAX_PROBLEMS_REPORTED);
      expect(JSON.stringify(answer).length, name).toBeLessThan(5_000);
    }
  });

  it('names at most 10 problems when every known field has the wrong type, on every resource', async () => {
    const api = await makeApi(undefined, { seed: false });
    for (const [name, path] of creates) {
      const fields = Object.keys(registry.resources[name].properties ?? {});
      const body = Object.fromEntries(fields.map((field) => [field, { wrong: [1, 2, 3] }]));
      const answer = (await api.call('POST', path, { body })) as Envelope<unknown> & { errors?: unknown[] };
      expect(answer.code, name).toBe(40001);
      expect(answer.errors?.length ?? 0, name).toBeLessThanOrEqual(MAX_PROBLEMS_REPORTED);
    }
  });
});
