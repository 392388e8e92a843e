// An install whose demo data went in before a data-dictionary list was added to the product gets
// that list, with its items, on its next start, on SQLite and PostgreSQL; the lists already there
// stay as their admin left them (an item deleted is not brought back).
import { describe, expect, it } from 'vitest';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import { seedDatabase } from '../../server/db/seed';
import { SqlStore } from '../../server/store/sql';
import { registry } from './helpers';
import { databaseMatrix } from './stores';

const lists = registry.resources[DICTIONARY.lists]['x-resource'].seed!;
const items = registry.resources[DICTIONARY.items]['x-resource'].seed!;
/** The fixed items of the list at a position of the fixed lists, as a new database numbers it. */
const itemsOf = (position: number) => items.fixed!.filter((item) => item[DICTIONARY.lists] === lists.count + position + 1);
// The last fixed list that has items stands for a list added by an upgrade; the first, for one an admin has edited.
const addedAt = lists.fixed!.findLastIndex((_, position) => itemsOf(position).length > 0);
const editedAt = lists.fixed!.findIndex((_, position) => itemsOf(position).length > 1);

describe.each(databaseMatrix({ seeded: true }))('the fixed lists of an older install on %s', (_name, connect) => {
  it('come back on the next start, with their items; an edited list stays as it is', async () => {
    expect(addedAt).toBeGreaterThan(editedAt);
    const connection = await connect();
    const store = new SqlStore(connection, registry);
    const idOf = async (code: unknown) => (await store.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: String(code) }]))[0];
    const itemIdsOf = (list: number) => store.findIds(DICTIONARY.items, [{ field: DICTIONARY.lists, op: 'eq', value: list }]);
    const code = lists.fixed![addedAt].code;
    // As an install seeded before the list existed: neither the list nor its items.
    const gone = await idOf(code);
    await store.remove(DICTIONARY.items, await itemIdsOf(gone));
    await store.remove(DICTIONARY.lists, [gone]);
    // An admin's edit: one item of another list deleted.
    const edited = await idOf(lists.fixed![editedAt].code);
    const [deletedItem, ...keptItems] = await itemIdsOf(edited);
    await store.remove(DICTIONARY.items, [deletedItem]);

    // Resources with no demo records count as filled with none.
    const added = async () => (await seedDatabase(connection, registry)).inserted.filter((r) => r.count > 0);
    expect(await added()).toEqual([
      { resource: DICTIONARY.lists, count: 1 },
      { resource: DICTIONARY.items, count: itemsOf(addedAt).length },
    ]);
    const back = await idOf(code);
    expect(back).not.toBe(gone);
    const backItems = await Promise.all((await itemIdsOf(back)).map((id) => store.get(DICTIONARY.items, id)));
    expect(backItems.map((item) => item?.key).sort()).toEqual(
      itemsOf(addedAt)
        .map((item) => item.key)
        .sort(),
    );
    expect(await itemIdsOf(edited)).toEqual(keptItems);
    // Once in, the next start adds nothing.
    expect(await added()).toEqual([]);
    await store.close();
  });
});
