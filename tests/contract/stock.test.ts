// Spare parts in stock through the API, on every store (memory, SQLite, PostgreSQL when
// reachable): receipts add stock (starting a base's line), a repair takes the parts it lists in the
// same write, one that would take stock below zero is refused naming the part and the base with
// nothing written, editing and deleting a repair moves the difference back, every move is in the
// operation log with its cause, and a line falling below its reorder level is listed (GET
// /device/stock/low) and told once to each person who may see the parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { Row, Store } from '../../server/store/types';
import type { StockLowAnswer } from '../../kernel/stock/low';
import { type Envelope, registry } from './helpers';
import { postgresSkip, storeCopy, storeNames } from './stores';

const NOW = new Date('2026-05-01T08:00:00.000Z');

if (postgresSkip) {
  describe('spare parts in stock on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${postgresSkip})`, () => undefined);
  });
}

describe.each(storeNames())('spare parts in stock on %s', (name) => {
  let store: Store;
  let app: ReturnType<typeof createApp>;
  const ids: Record<string, number> = {};

  async function call<T = Row>(path: string, body?: unknown, language = 'en'): Promise<Envelope<T>> {
    const init: RequestInit = {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-Token': 'admin-token', 'Accept-Language': language, 'Content-Type': 'application/json' },
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    return (await (await app.fetch(new Request(`http://localhost/dev-api${path}`, init))).json()) as Envelope<T>;
  }
  const ok = async <T = Row>(path: string, body?: unknown) => {
    const answer = await call<T>(path, body);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  /** The quantity of a part at a base, as stored. */
  const stockOf = async (part: number, base: string) =>
    (
      await store.list('stock', {
        conditions: [
          { field: 'part', op: 'eq', value: part },
          { field: 'base', op: 'eq', value: base },
        ],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows[0]?.quantity;
  const count = (resource: string) => store.count(resource, []);
  const repair = (parts: unknown[], extra: Record<string, unknown> = {}) =>
    call('/device/fitrecord/add', { device: ids.device, songTime: '2026-04-01T08:00:00.000Z', songReason: 'Seal leak', parts, ...extra });

  // Seeded once for the file: the bases, two parts, an instrument and the first receipts.
  beforeAll(async () => {
    store = await storeCopy(name);
    app = createApp({ registry, store, accounts: new MockAccounts(), now: () => NOW });
    const list = await ok('/setting/dictionary/add', { code: 'base', name: 'Bases' });
    for (const [key, en, zh] of [
      ['karamay', 'Karamay base', '克拉玛依基地'],
      ['daqing', 'Daqing base', '大庆基地'],
    ])
      await ok('/setting/dictionary/item/add', { dictionary: list.id, key, label: { en, zh } });
    ids.seal = (await ok('/device/asseadd', { rule_name: 'Pulser seal kit', rule_value: [{ name: 'Size', options: ['147 mm'] }] })).id;
    ids.battery = (await ok('/device/asseadd', { rule_name: 'Lithium battery', rule_value: [{ name: 'Type', options: ['DD'] }] })).id;
    ids.device = (await ok('/device/create', { numtype: 'T', num: '4773', type: 1, status: 0, brand: 1, meth: 1 })).id;
    // The seal kits are kept at Karamay with a reorder level; the batteries start their line by a receipt.
    await ok('/device/stock/add', { part: ids.seal, base: 'karamay', unit: 'set', reorderLevel: 4 });
    await ok('/device/stock/receipt/add', { part: ids.seal, base: 'karamay', quantity: 10, receivedAt: '2026-04-20T08:00:00.000Z' });
    await ok('/device/stock/receipt/add', { part: ids.battery, base: 'karamay', quantity: 6 });
  });
  afterAll(async () => {
    await (store as { close?: () => Promise<void> }).close?.();
  });

  it('receipts add stock, a receipt starting a missing line, each in the operation log', async () => {
    expect(await stockOf(ids.seal, 'karamay')).toBe(10);
    expect(await stockOf(ids.battery, 'karamay')).toBe(6);
    const moves = (
      await store.list('oplog', {
        conditions: [{ field: 'resource', op: 'eq', value: 'stock' }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 100,
      })
    ).rows.map((r) => [r.action, r.cause ?? null]);
    // The line a receipt starts is logged as created, beside the receipt.
    expect(moves).toEqual([
      ['create', null],
      ['update', 'partsReceived'],
      ['create', null],
    ]);
    expect(await store.count('oplog', [{ field: 'resource', op: 'eq', value: 'stockreceipt' }])).toBe(2);
  });

  it('a repair using two parts takes them from stock in the same write', async () => {
    const made = await repair([
      { part: ids.seal, base: 'karamay', quantity: 3 },
      { part: ids.battery, base: 'karamay', quantity: 2 },
    ]);
    expect(made.code, JSON.stringify(made)).toBe(20000);
    expect(await stockOf(ids.seal, 'karamay')).toBe(7);
    expect(await stockOf(ids.battery, 'karamay')).toBe(4);
    expect((made as Envelope & { changed?: { resource: string }[] }).changed?.filter((c) => c.resource === 'stock')).toHaveLength(2);
    ids.repair = (made.data as Row).id;
  });

  it('a repair that would take stock below zero is refused naming the part and the base, nothing written', async () => {
    const [repairs, oplog] = [await count('fitrecord'), await count('oplog')];
    const refused = await repair([
      { part: ids.battery, base: 'karamay', quantity: 1 },
      { part: ids.seal, base: 'karamay', quantity: 50 },
      { part: ids.seal, base: 'daqing', quantity: 1 },
    ]);
    expect(refused.code).toBe(40001);
    expect(refused.errors).toEqual([
      { field: 'parts.1.quantity', message: 'Only 7 sets of Pulser seal kit at Karamay base; 50 sets asked. Nothing was written.' },
      {
        field: 'parts.2.base',
        message: 'No Pulser seal kit is kept at Daqing base: receive some there first, or take it from another base.',
      },
    ]);
    expect([await count('fitrecord'), await count('oplog')]).toEqual([repairs, oplog]);
    expect([await stockOf(ids.seal, 'karamay'), await stockOf(ids.battery, 'karamay')]).toEqual([7, 4]);
    // In the reader's language, the base by its label in that language.
    const zh = await call(
      '/device/fitrecord/add',
      {
        device: ids.device,
        songTime: '2026-04-02T08:00:00.000Z',
        songReason: 'x',
        parts: [{ part: ids.seal, base: 'karamay', quantity: 8 }],
      },
      'zh',
    );
    expect(zh.errors?.[0].message).toContain('克拉玛依基地');
  });

  it('editing a repair moves the difference, and deleting it puts its parts back', async () => {
    const stored = (await ok<Row>(`/device/fitrecord/info?id=${ids.repair}`)) as Row;
    await ok('/device/fitrecord/update', { ...stored, parts: [{ part: ids.seal, base: 'karamay', quantity: 1 }] });
    expect([await stockOf(ids.seal, 'karamay'), await stockOf(ids.battery, 'karamay')]).toEqual([9, 6]);
    await ok('/device/fitrecord/del', { id: ids.repair });
    expect(await stockOf(ids.seal, 'karamay')).toBe(10);
    const causes = (
      await store.list('oplog', {
        conditions: [{ field: 'resource', op: 'eq', value: 'stock' }],
        sort: { field: 'id', order: 'DESC' },
        page: 1,
        limit: 1,
      })
    ).rows.map((r) => r.cause);
    expect(causes).toEqual(['partsReceived']);
  });

  it('a line falling below its reorder level is listed on Home and told once to each person who may see the parts', async () => {
    const notes = () => store.count('notification', [{ field: 'kind', op: 'eq', value: 'stock_low' }]);
    expect((await ok<StockLowAnswer>('/device/stock/low')).items).toEqual([]);
    await ok('/device/fitrecord/add', {
      device: ids.device,
      songTime: '2026-04-03T08:00:00.000Z',
      songReason: 'Seal leak',
      parts: [{ part: ids.seal, base: 'karamay', quantity: 7 }],
    });
    const low = await ok<StockLowAnswer>('/device/stock/low');
    expect(low.items).toMatchObject([
      {
        part: ids.seal,
        partName: 'Pulser seal kit',
        base: 'karamay',
        baseLabel: 'Karamay base',
        quantity: 3,
        unit: 'set',
        reorderLevel: 4,
      },
    ]);
    expect(await notes()).toBe(2);
    const sent = (
      await store.list('notification', {
        conditions: [{ field: 'kind', op: 'eq', value: 'stock_low' }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 10,
      })
    ).rows;
    expect(sent.map((n) => n.recipient).sort()).toEqual(['admin', 'editor']);
    expect(sent[0]).toMatchObject({
      title_key: 'notify.stock_low.title',
      link: `/device/attr/${ids.seal}`,
      params: { part: 'Pulser seal kit', quantity: 3, level: 4 },
    });
    // Lower still: the same fall, not told again.
    await ok('/device/fitrecord/add', {
      device: ids.device,
      songTime: '2026-04-04T08:00:00.000Z',
      songReason: 'Seal leak',
      parts: [{ part: ids.seal, base: 'karamay', quantity: 1 }],
    });
    expect(await notes()).toBe(2);
    // Restocked: off the list.
    await ok('/device/stock/receipt/add', { part: ids.seal, base: 'karamay', quantity: 20 });
    expect((await ok<StockLowAnswer>('/device/stock/low')).items).toEqual([]);
  });

  it('the quantity is the server’s: a person cannot type it, and receipts are kept as received', async () => {
    const line = (
      await store.list('stock', {
        conditions: [{ field: 'part', op: 'eq', value: ids.battery }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows[0];
    const { version: _v, ...fields } = line;
    await ok('/device/stock/update', { ...fields, quantity: 999, reorderLevel: 2 });
    expect(await stockOf(ids.battery, 'karamay')).toBe(6);
    expect((await call('/device/stock/receipt/update', { id: 1, quantity: 1 })).code).not.toBe(20000);
  });
});
