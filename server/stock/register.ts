// Spare parts in stock, put together for createApp: the ledger's guards (ledger.ts), the call
// listing the stock lines below their reorder level for Home, and the notification sent once when
// a line falls below it: to the people whose roles may see the parts, keyed by the line and the
// time it fell low, so that the same fall is never told twice (a notification deleted included).
import { STOCK_LOW_PATH, type StockLowAnswer } from '../../kernel/stock/low';
import { NOTIFICATION } from '../../kernel/notify/names';
import type { Registry } from '../../kernel/schema/registry';
import { recordPath, viewPaths } from '../../kernel/routes/tree';
import { type AppContext, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { NotifyInput } from '../notify/notifications';
import type { Store } from '../store/types';
import { type LowStock, createLedger } from './ledger';

export const STOCK_LOW_KIND = 'stock_low';

export interface StockDeps {
  registry: Registry;
  now: () => Date;
  /** The app's store, for what is read once a write has committed. */
  store: Store;
  /** How people are told (set once the notices exist). */
  notify: () => ((input: NotifyInput) => Promise<number>) | undefined;
  /** The usernames of the people who may see this resource. */
  recipients: (resource: string) => Promise<string[]>;
}

export function createStock({ registry, now, store, notify, recipients }: StockDeps) {
  const paths = viewPaths(registry.routes);
  const holder: { ledger?: ReturnType<typeof createLedger> } = {};

  async function onLow({ line, partName }: LowStock) {
    const send = notify();
    const { spec, parts } = holder.ledger!.ledger;
    if (!send) return;
    const key = `stock:${line.id}:${String(line[spec.lowSince])}`;
    const told = await store.list(NOTIFICATION, {
      conditions: [{ field: 'kind', op: 'eq', value: STOCK_LOW_KIND }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 100_000,
    });
    if (told.rows.some((row) => (row.params as Record<string, unknown> | undefined)?.key === key)) return;
    const record = paths[parts]?.record;
    const link = record ? recordPath(record, line[spec.part] as number) : undefined;
    const base = await holder.ledger!.baseLabel(store, String(line[spec.base]), 'en');
    for (const username of await recipients(parts)) {
      await send({
        to_user: username,
        kind: STOCK_LOW_KIND,
        title_key: 'notify.stock_low.title',
        text_key: 'notify.stock_low.text',
        params: {
          key,
          part: partName,
          base,
          quantity: Number(line[spec.quantity] ?? 0),
          level: Number(line[spec.reorderLevel] ?? 0),
          unit: String(line[spec.unit] ?? ''),
        },
        ...(link ? { link } : {}),
      });
    }
  }

  holder.ledger = createLedger({ registry, now, onLow });
  const ledger = holder.ledger;

  return {
    guards: ledger?.guards ?? {},
    registerCalls(api: Api) {
      if (!ledger) return;
      const { resource, spec } = ledger.ledger;
      api.on(
        {
          method: 'GET',
          path: STOCK_LOW_PATH,
          access: { resource },
          doc: {
            tags: [resource],
            summary: 'The spare parts below their reorder level, by base, longest low first',
            data: {
              type: 'object',
              required: ['items'],
              properties: {
                items: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'part', 'partName', 'base', 'baseLabel', 'quantity', 'reorderLevel'],
                    properties: {
                      id: { type: 'integer', description: 'the stock line' },
                      part: { type: 'integer' },
                      partName: { type: 'string' },
                      base: { type: 'string', description: 'the key of the base (data dictionary)' },
                      baseLabel: { type: 'string', description: "the base's label in the reader's language" },
                      quantity: { type: 'number' },
                      unit: { type: 'string' },
                      reorderLevel: { type: 'number' },
                      lowSince: { type: 'string', format: 'date-time' },
                    },
                  },
                },
              },
            },
          },
        },
        async (c: AppContext) => {
          const language = c.get('language');
          const lines = await ledger.lowLines(store);
          const items = await Promise.all(
            lines.map(async (line) => ({
              id: line.id,
              part: line[spec.part] as number,
              partName: await ledger.partName(store, line[spec.part] as number),
              base: String(line[spec.base]),
              baseLabel: await ledger.baseLabel(store, String(line[spec.base]), language),
              quantity: Number(line[spec.quantity] ?? 0),
              unit: String(line[spec.unit] ?? ''),
              reorderLevel: Number(line[spec.reorderLevel] ?? 0),
              ...(line[spec.lowSince] ? { lowSince: String(line[spec.lowSince]) } : {}),
            })),
          );
          const answer: StockLowAnswer = { items };
          return ok(c, answer);
        },
      );
    },
  };
}
