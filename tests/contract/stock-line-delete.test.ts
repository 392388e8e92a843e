// A stock line that still holds stock is not deleted (its quantity would vanish from the ledger):
// the refusal names the part, the base and the quantity, and nothing is deleted; an empty line goes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Row, Store } from '../../server/store/types';
import { makeApi } from './helpers';
import { storeMatrix } from './stores';

describe.each(storeMatrix())('deleting a stock line on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  const ok = async (path: string, body: unknown) => {
    const answer = await call<Row>('POST', path, { body, language: 'en' });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
  });
  afterEach(() => store.close());

  it('refuses a line that holds stock, naming its quantity, and deletes an empty one', async () => {
    const seal = await ok('/device/asseadd', { rule_name: 'Pulser seal kit', rule_value: [{ name: 'Size', options: ['147 mm'] }] });
    const full = await ok('/device/stock/add', { part: seal.id, base: 'karamay', unit: 'set' });
    await ok('/device/stock/receipt/add', { part: seal.id, base: 'karamay', quantity: 4 });
    const refused = await call('POST', '/device/stock/del', { body: { id: full.id }, language: 'en' });
    expect(refused.code).toBe(40010);
    expect(refused.message).toMatch(/^Pulser seal kit at .+ still holds 4 .*Nothing was deleted\.$/);
    expect(await store.get('stock', full.id)).toMatchObject({ quantity: 4 });

    const battery = await ok('/device/asseadd', { rule_name: 'Lithium battery', rule_value: [{ name: 'Type', options: ['DD'] }] });
    const empty = await ok('/device/stock/add', { part: battery.id, base: 'karamay', unit: 'set' });
    expect((await call('POST', '/device/stock/del', { body: { id: empty.id } })).code).toBe(20000);
    expect(await store.get('stock', empty.id)).toBeUndefined();
  });
});
