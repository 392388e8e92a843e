// The stored menu entries as the tree a role's checkboxes stand in, and what each checkbox
// shows: an entry the role lists is checked; an entry open to everyone follows its parent (at
// the top, everyone sees it); an entry whose parent is not seen stays out of the menu even when
// listed. Entries go in the server's order (by `sort`, then id); an entry whose parent is
// missing, or that is its own ancestor, is left out as the server leaves it out.
import type { MenuRecord } from '../../../kernel/routes/menu-tree';

export interface MenuTreeNode {
  entry: MenuRecord;
  children: MenuTreeNode[];
}

export function buildMenuTree(entries: MenuRecord[]): MenuTreeNode[] {
  const ids = new Set(entries.map((entry) => entry.id));
  const byParent = new Map<number | undefined, MenuRecord[]>();
  for (const entry of entries) {
    const parent = entry.parent === undefined || entry.parent === null ? undefined : ids.has(entry.parent) ? entry.parent : -1;
    byParent.set(parent, [...(byParent.get(parent) ?? []), entry]);
  }
  const placed = new Set<number>();
  const build = (parent: number | undefined): MenuTreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((entry) => !placed.has(entry.id) && placed.add(entry.id))
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
      .map((entry) => ({ entry, children: build(entry.id) }));
  return build(undefined);
}

export interface EntryState {
  /** The checkbox is ticked: listed by the role, or open and following a ticked parent (or at the top). */
  checked: boolean;
  /** Open to whoever sees its parent: its checkbox only mirrors the parent's. */
  follows: boolean;
  /** Seen by the role: ticked, and every ancestor seen too. */
  seen: boolean;
  /** The title of the nearest ancestor the role does not see, when this one is ticked but cannot be reached. */
  blockedBy?: MenuRecord;
}

/** Each entry's state under the ids a role lists. */
export function entryStates(tree: MenuTreeNode[], listed: ReadonlySet<number>): Map<number, EntryState> {
  const states = new Map<number, EntryState>();
  const walk = (nodes: MenuTreeNode[], parent: { checked: boolean; seen: boolean; blockedBy?: MenuRecord; entry?: MenuRecord }) => {
    for (const { entry, children } of nodes) {
      const follows = entry.open === 1;
      const checked = follows ? parent.checked : listed.has(entry.id);
      const seen = checked && parent.seen;
      const blockedBy = checked && !parent.seen ? (parent.blockedBy ?? parent.entry) : undefined;
      const state: EntryState = { checked, follows, seen };
      if (blockedBy) state.blockedBy = blockedBy;
      states.set(entry.id, state);
      walk(children, { checked, seen, blockedBy: seen ? undefined : (blockedBy ?? (checked ? undefined : entry)), entry });
    }
  };
  walk(tree, { checked: true, seen: true });
  return states;
}

/** The role's list once one entry is ticked or unticked: that entry only, never its relatives. */
export function toggleEntry(listed: readonly number[], id: number, on: boolean): number[] {
  const without = listed.filter((other) => other !== id);
  return on ? [...without, id] : without;
}

/** Every id of the tree with its descendants', for Expand all. */
export function branchIds(tree: MenuTreeNode[]): number[] {
  return tree.flatMap((node) => (node.children.length > 0 ? [node.entry.id, ...branchIds(node.children)] : []));
}
