// Spare parts in stock (`x-resource.ledger`): the records that move stock (a repair's parts, a
// receipt) change the stock of each part at each base in the same write, through the writer: a
// take the base does not hold is refused naming the part and the base, and nothing is written.
// A stock line falling below its reorder level is stamped (`lowSince`) and the people who may see
// the parts are told once, after the commit; the stamp goes once it is back at or above the level.
// Receipts for a part a base does not keep yet start its stock line.
import { DICTIONARY, labelIn } from '../../kernel/schema/dictionary';
import { withDefaults } from '../../kernel/schema/derive';
import type { Registry } from '../../kernel/schema/registry';
import type { LedgerSpec, ResourceSchema } from '../../kernel/schema/types';
import type { FieldError } from '../../kernel/schema/validation';
import { type StockMove, isLow, onHundredths } from '../../kernel/stock/ledger';
import { stockMoves } from '../../kernel/stock/ledger';
import type { WriteGuard } from '../access/guards';
import { writeDerived } from '../resources/relations';
import type { Row, Store } from '../store/types';
import type { Writer } from '../write/service';

/** The operation log's cause of a stock change, by the move's sign. */
export const STOCK_CAUSE = { [-1]: 'partsUsed', [1]: 'partsReceived' } as const;

export interface Ledger {
  resource: string;
  spec: LedgerSpec;
  schema: ResourceSchema;
  /** The resource of the parts (the target of the part field's x-ref). */
  parts: string;
}

export function ledgerOf(registry: Registry): Ledger | undefined {
  const found = Object.entries(registry.resources).find(([, schema]) => schema['x-resource'].ledger);
  if (!found) return undefined;
  const [resource, schema] = found;
  const spec = schema['x-resource'].ledger!;
  const parts = schema.properties?.[spec.part]?.['x-ref'];
  return parts ? { resource, spec, schema, parts } : undefined;
}

/** A stock line that fell below its reorder level in a write: told once it has committed. */
export interface LowStock {
  line: Row;
  partName: string;
}

export interface LedgerDeps {
  registry: Registry;
  now: () => Date;
  /** Tells the people concerned of a line that fell low (after the commit). */
  onLow?: (low: LowStock) => Promise<void>;
}

const ALL = 100_000;

export function createLedger({ registry, now, onLow }: LedgerDeps) {
  const ledger = ledgerOf(registry);
  if (!ledger) return undefined;
  const { resource, spec, schema } = ledger;
  const baseCode = schema.properties?.[spec.base]?.['x-options']?.replace(/^dict:/, '');
  const representation = registry.resources[ledger.parts]?.['x-resource'].recordRepresentation;

  const lineOf = async (tx: Store, part: number, base: string): Promise<Row | undefined> =>
    (
      await tx.list(resource, {
        conditions: [
          { field: spec.part, op: 'eq', value: part },
          { field: spec.base, op: 'eq', value: base },
        ],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows[0];

  const partName = async (tx: Store, part: number) => {
    const row = await tx.get(ledger.parts, part);
    return String((representation && row?.[representation]) || `#${part}`);
  };

  const baseLabel = async (tx: Store, base: string, language: string) => {
    if (!baseCode) return base;
    const [list] = await tx.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: baseCode }]);
    if (list === undefined) return base;
    const items = await tx.list(DICTIONARY.items, {
      conditions: [
        { field: 'dictionary', op: 'eq', value: list },
        { field: 'key', op: 'eq', value: base },
      ],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 1,
    });
    return labelIn(items.rows[0]?.label as Record<string, string> | undefined, language) ?? base;
  };

  /** The low stamp a line takes with this quantity: kept while it stays low, now when it falls low, none once it is not. */
  const lowStamp = (line: Record<string, unknown>, quantity: unknown) =>
    isLow(quantity, line[spec.reorderLevel]) ? ((line[spec.lowSince] as string | undefined) ?? now().toISOString()) : undefined;

  const tellIfFell = async (w: Writer, before: Row | undefined, after: Row) => {
    if (!onLow || !after[spec.lowSince] || before?.[spec.lowSince]) return;
    const name = await partName(w.tx, after[spec.part] as number);
    w.afterCommit(() => onLow({ line: after, partName: name }));
  };

  /** Moves the stock, or refuses the whole write naming each part and base it cannot take from. */
  async function apply(w: Writer, moves: StockMove[], sign: -1 | 1, fieldOf: (move: StockMove, field: string) => string) {
    const { t, language } = w.actor;
    const errors: FieldError[] = [];
    const changes: { line?: Row; move: StockMove; quantity: number }[] = [];
    for (const move of moves) {
      const line = await lineOf(w.tx, move.part, move.base);
      const have = typeof line?.[spec.quantity] === 'number' ? (line[spec.quantity] as number) : 0;
      const quantity = onHundredths(have + move.delta);
      if (quantity >= 0 && (line || move.delta > 0)) {
        changes.push({ line, move, quantity });
        continue;
      }
      const names = { part: await partName(w.tx, move.part), base: await baseLabel(w.tx, move.base, language) };
      if (!line) errors.push({ field: fieldOf(move, spec.base), message: t('server.stock.none', names) });
      else {
        const unit = t(`resources.${resource}.enums.${spec.unit}.${String(line[spec.unit])}`, { _: String(line[spec.unit] ?? '') });
        errors.push({
          field: fieldOf(move, spec.quantity),
          message: t('server.stock.short', { ...names, have, asked: -move.delta, unit }),
        });
      }
    }
    if (errors.length > 0) w.refuse({ status: 'invalid', errors });
    for (const { line, move, quantity } of changes) {
      if (!line) {
        const start = withDefaults(schema, { [spec.part]: move.part, [spec.base]: move.base });
        const lowSince = lowStamp(start, quantity);
        const row = await w.create(
          resource,
          { ...start, [spec.quantity]: quantity, ...(lowSince ? { [spec.lowSince]: lowSince } : {}) },
          { asGiven: true, cause: STOCK_CAUSE[sign] },
        );
        await tellIfFell(w, undefined, row);
        continue;
      }
      const lowSince = lowStamp(line, quantity);
      const row = await w.update(resource, line.id, (stored) => ({ ...stored, [spec.quantity]: quantity, [spec.lowSince]: lowSince }), {
        asGiven: true,
        cause: STOCK_CAUSE[sign],
        version: line.version,
      });
      await tellIfFell(w, line, row);
    }
  }

  const guards: Record<string, WriteGuard> = {};
  for (const move of spec.moves) {
    const fieldOf = (m: StockMove, field: string) => (move.list ? `${move.list}.${m.row ?? 0}.${field}` : field);
    guards[move.resource] = {
      async afterWrite(w, row, existing) {
        await apply(w, stockMoves(spec, move, existing, row), move.sign, fieldOf);
      },
      async beforeRemove(w, ids) {
        for (const id of ids) {
          const row = await w.tx.get(move.resource, id);
          // What the records took goes back; what they added goes out (refused if it was used since).
          if (row) await apply(w, stockMoves(spec, move, row, undefined), -move.sign as -1 | 1, (_m, field) => field);
        }
      },
    };
  }
  // A line added or edited by hand: its quantity starts at 0, and its low stamp follows its reorder level.
  guards[resource] = {
    // A line that still holds stock is not deleted: its quantity would vanish from the ledger.
    async checkRemove(tx, ids, t) {
      for (const id of ids) {
        const line = await tx.get(resource, id);
        const quantity = typeof line?.[spec.quantity] === 'number' ? (line[spec.quantity] as number) : 0;
        if (!line || quantity <= 0) continue;
        const unit = t(`resources.${resource}.enums.${spec.unit}.${String(line[spec.unit])}`, { _: String(line[spec.unit] ?? '') });
        const names = { part: await partName(tx, line[spec.part] as number), base: await baseLabel(tx, String(line[spec.base]), 'en') };
        return t('server.stock.holds', { ...names, quantity, unit });
      }
      return undefined;
    },
    async afterWrite(w, row, existing) {
      const quantity = typeof row[spec.quantity] === 'number' ? row[spec.quantity] : 0;
      const lowSince = lowStamp(row, quantity);
      const kept: Record<string, unknown> = {};
      if (row[spec.quantity] === undefined) kept[spec.quantity] = 0;
      if ((lowSince ?? null) !== (row[spec.lowSince] ?? null)) kept[spec.lowSince] = lowSince ?? null;
      if (Object.keys(kept).length === 0) return;
      await writeDerived(w.tx, resource, row, kept);
      // A line just added is listed when low but not told: whoever added it knows it holds nothing yet.
      if (existing) await tellIfFell(w, existing, { ...row, ...kept });
    },
  };

  /** The lines below their reorder level (what they hold, whatever stamped them), longest low first. */
  async function lowLines(store: Store): Promise<Row[]> {
    const rows = (await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: ALL })).rows;
    const since = (row: Row) => String(row[spec.lowSince] ?? '');
    return rows.filter((row) => isLow(row[spec.quantity], row[spec.reorderLevel])).sort((a, b) => since(a).localeCompare(since(b)));
  }

  return { ledger, guards, lowLines, partName, baseLabel };
}

export type StockLedger = NonNullable<ReturnType<typeof createLedger>>;
