// What the generic endpoints of the menu and the roles refuse beyond their schemas, inside the
// write's transaction: an entry under itself, a product entry deleted (it is hidden instead), a
// role listing entries that do not exist, the super role renamed or deleted, and a role renamed
// or deleted while accounts have it. A deleted entry leaves the roles that listed it.
import type { Actor, Writer } from '../write/service';
import type { FieldError } from '../../kernel/schema/validation';
import { descendantsOf } from '../../kernel/routes/menu-tree';
import type { Accounts } from '../auth/accounts';
import type { Translate } from '../http/messages';
import type { Row, Store } from '../store/types';
import { listAll, type AccessTables } from './menus';

/**
 * Checks every write of a resource runs in its transaction (server/write/service.ts). What they
 * need from outside the record store (the accounts) is read by `prepare` just before it: on
 * SQLite the transaction holds the only connection.
 */
export interface WriteGuard {
  prepare?(): Promise<Facts>;
  /**
   * Step 2 of a write (computing): the values of the record worked out from other records (a
   * calibration's next due date, from its instrument's type), over the record's own. They are
   * part of the record as it is checked, written and logged.
   */
  derive?(tx: Store, record: Record<string, unknown>, existing: Row | undefined): Promise<Record<string, unknown> | undefined>;
  /**
   * What is wrong with a record about to be written (`existing` on an update). `cause` is set
   * when the server itself makes the change for a reason (an instrument assigned to a well),
   * not a person editing the record; `actor` is who writes (what their roles may do).
   */
  checkWrite?(
    tx: Store,
    record: Record<string, unknown>,
    existing: Row | undefined,
    t: Translate,
    facts?: Facts,
    cause?: string,
    actor?: Actor,
  ): Promise<FieldError[]>;
  /** Why these records may not be deleted, or undefined. */
  checkRemove?(tx: Store, ids: number[], t: Translate, facts?: Facts): Promise<string | undefined>;
  /**
   * Runs once the records may be deleted, before they are, with the writer: what they changed
   * elsewhere is undone through the same steps (the parts a repair took go back in stock).
   */
  beforeRemove?(w: Writer, ids: number[]): Promise<void>;
  /** Runs after the records are deleted, in the same transaction. */
  afterRemove?(tx: Store, ids: number[]): Promise<void>;
  /**
   * Runs after a record is written and followed, in the same transaction, with the writer: the
   * records a write of this resource opens elsewhere go through the same steps (a repair opened
   * by a daily report). The write answers the record as it is once this is done.
   */
  afterWrite?(w: Writer, row: Row, existing: Row | undefined): Promise<void>;
}

/**
 * Several features' guards as one map: a resource two of them guard runs both checks, in order.
 * Only one of them may read facts beforehand (`prepare`).
 */
export function combineGuards(...maps: (Record<string, WriteGuard> | undefined)[]): Record<string, WriteGuard> {
  const combined: Record<string, WriteGuard> = {};
  for (const map of maps)
    for (const [resource, guard] of Object.entries(map ?? {})) {
      const first = combined[resource];
      if (!first) {
        combined[resource] = guard;
        continue;
      }
      if (first.prepare && guard.prepare) throw new Error(`two guards of ${resource} read facts beforehand`);
      combined[resource] = {
        prepare: first.prepare ?? guard.prepare,
        async derive(tx, record, existing) {
          const before = await first.derive?.(tx, record, existing);
          const merged = before ? { ...record, ...before } : record;
          const after = await guard.derive?.(tx, merged, existing);
          return before || after ? { ...before, ...after } : undefined;
        },
        async checkWrite(...args) {
          return [...((await first.checkWrite?.(...args)) ?? []), ...((await guard.checkWrite?.(...args)) ?? [])];
        },
        async checkRemove(...args) {
          return (await first.checkRemove?.(...args)) ?? (await guard.checkRemove?.(...args));
        },
        async beforeRemove(...args) {
          await first.beforeRemove?.(...args);
          await guard.beforeRemove?.(...args);
        },
        async afterRemove(...args) {
          await first.afterRemove?.(...args);
          await guard.afterRemove?.(...args);
        },
        async afterWrite(...args) {
          await first.afterWrite?.(...args);
          await guard.afterWrite?.(...args);
        },
      };
    }
  return combined;
}

/** How many accounts have each role. */
export type Facts = Map<string, number>;

const menusOf = (role: Row, field: string) => (role[field] as number[] | undefined) ?? [];

export function accessGuards(tables: AccessTables, accounts: Accounts): Record<string, WriteGuard> {
  const countHolders = async (): Promise<Facts> => {
    const counts: Facts = new Map();
    for (const account of await accounts.list()) for (const role of account.roles) counts.set(role, (counts.get(role) ?? 0) + 1);
    return counts;
  };
  const titleOf = (entry: Row) => String(entry.title ?? entry.path);

  const menuGuard: WriteGuard = {
    async checkWrite(tx, record, existing, t) {
      if (!existing || typeof record.parent !== 'number') return [];
      const entries = await listAll(tx, tables.menus);
      const below = descendantsOf(
        entries.map((e) => ({ id: e.id, parent: e.parent as number | undefined })),
        existing.id,
      );
      return record.parent === existing.id || below.has(record.parent) ? [{ field: 'parent', message: t('server.menu_under_itself') }] : [];
    },
    async checkRemove(tx, ids, t) {
      const rows = (await Promise.all(ids.map((id) => tx.get(tables.menus, id)))).filter((row): row is Row => !!row);
      const product = rows.filter((row) => typeof row.key === 'string');
      return product.length > 0
        ? t('server.menu_product_entry', { smart_count: product.length, titles: product.map(titleOf).join(', ') })
        : undefined;
    },
    async afterRemove(tx, ids) {
      for (const role of await listAll(tx, tables.roles)) {
        const kept = menusOf(role, tables.roleMenus).filter((id) => !ids.includes(id));
        if (kept.length === menusOf(role, tables.roleMenus).length) continue;
        const { id, version: _v, ...fields } = role;
        await tx.update(tables.roles, id, { ...fields, [tables.roleMenus]: kept });
      }
    },
  };

  const roleGuard: WriteGuard = {
    prepare: countHolders,
    async checkWrite(tx, record, existing, t, holders) {
      const errors: FieldError[] = [];
      const listed = (record[tables.roleMenus] as number[] | undefined) ?? [];
      const missing: number[] = [];
      for (const id of listed) if (!(await tx.get(tables.menus, id))) missing.push(id);
      if (missing.length > 0)
        errors.push({ field: tables.roleMenus, message: t('server.menu_entries_missing', { ids: missing.slice(0, 10).join(', ') }) });
      if (existing && existing.name !== record.name) {
        if (existing.name === tables.superRole)
          errors.push({ field: 'name', message: t('server.super_role_fixed', { role: tables.superRole }) });
        else {
          const count = holders?.get(String(existing.name)) ?? 0;
          if (count > 0)
            errors.push({ field: 'name', message: t('server.role_in_use_rename', { smart_count: count, role: String(existing.name) }) });
        }
      }
      return errors;
    },
    async checkRemove(tx, ids, t, holders) {
      for (const id of ids) {
        const role = await tx.get(tables.roles, id);
        if (!role) continue;
        if (role.name === tables.superRole) return t('server.super_role_fixed', { role: tables.superRole });
        const count = holders?.get(String(role.name)) ?? 0;
        if (count > 0) return t('server.role_in_use', { smart_count: count, role: String(role.name) });
      }
      return undefined;
    },
  };

  return { [tables.menus]: menuGuard, [tables.roles]: roleGuard };
}
