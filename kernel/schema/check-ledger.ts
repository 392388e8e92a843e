// `x-resource.ledger` names the stock's fields and the resources that move it: the fields must be
// this resource's top-level fields, each move a resource whose records (or the rows of its
// top-level list) hold the part, the base and the quantity under the same names.
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';
import type { FieldSchema } from './types';

export function ledgerProblems({ root, resources }: ResourceContext): Found[] {
  const ledger = root['x-resource'].ledger;
  if (!ledger) return [];
  const out: Found[] = [];
  for (const key of ['part', 'base', 'quantity', 'unit', 'reorderLevel', 'lowSince'] as const)
    if (!root.properties?.[ledger[key]]) out.push({ pointer: `/x-resource/ledger/${key}`, message: `no top-level field "${ledger[key]}"` });
  ledger.moves.forEach((move, i) => {
    const other = resources[move.resource];
    if (!other) return out.push({ pointer: `/x-resource/ledger/moves/${i}/resource`, message: `no resource "${move.resource}"` });
    const list: FieldSchema | undefined = move.list ? other.properties?.[move.list] : undefined;
    if (move.list && (list?.type !== 'array' || !list.items?.properties))
      return out.push({
        pointer: `/x-resource/ledger/moves/${i}/list`,
        message: `"${move.list}" of ${move.resource} is not a list of rows`,
      });
    const fields = move.list ? list?.items?.properties : other.properties;
    for (const name of [ledger.part, ledger.base, ledger.quantity])
      if (!fields?.[name])
        out.push({
          pointer: `/x-resource/ledger/moves/${i}`,
          message: `${move.resource}${move.list ? `.${move.list}` : ''} has no field "${name}"`,
        });
  });
  return out;
}
