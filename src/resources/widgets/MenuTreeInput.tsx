// A role's menu entries (x-ui.widget "menuTree"): every stored entry in a tree with a checkbox.
// Ticking an entry lists that entry only; an entry open to whoever sees its parent shows a
// greyed checkbox that mirrors the parent's, with a note; hidden entries (pages reached from
// others, not from the menu) and entries left out because their parent is not ticked say so.
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { InputHelperText, useGetList, useInput, useTranslate } from 'react-admin';
import type { MenuRecord } from '../../../kernel/routes/menu-tree';
import { type EntryState, type MenuTreeNode, branchIds, buildMenuTree, entryStates, toggleEntry } from './menuTree';
import { type WidgetInputProps, accessResource } from './types';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

function useEntryTitle() {
  const translate = useTranslate();
  return (entry: MenuRecord) => (entry.title ? translate(`route.${entry.title}`, { _: entry.title }) : entry.path);
}

interface RowProps {
  node: MenuTreeNode;
  depth: number;
  states: Map<number, EntryState>;
  expanded: Set<number>;
  onExpand: (id: number, open: boolean) => void;
  onToggle: (id: number, on: boolean) => void;
  disabled?: boolean;
}

function EntryRow({ node, depth, states, expanded, onExpand, onToggle, disabled }: RowProps) {
  const translate = useTranslate();
  const titleOf = useEntryTitle();
  const labelId = useId();
  const { entry, children } = node;
  const state = states.get(entry.id)!;
  const open = expanded.has(entry.id);
  // An entry without a title only groups others (the root of Home): it is named by them.
  const title =
    entry.title || children.length === 0 ? titleOf(entry) : `${entry.path} (${children.map((child) => titleOf(child.entry)).join(', ')})`;
  const note = state.follows
    ? translate(depth === 0 ? 'app.access.open_everyone' : 'app.access.open_follows')
    : state.blockedBy
      ? translate('app.access.blocked', { parent: titleOf(state.blockedBy) })
      : undefined;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 36, pl: depth * 3, gap: 0.5 }}>
        {children.length > 0 ? (
          <IconButton
            size="small"
            aria-label={translate(open ? 'app.access.collapse' : 'app.access.expand', { name: title })}
            aria-expanded={open}
            onClick={() => onExpand(entry.id, !open)}
          >
            {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 30, flexShrink: 0 }} />
        )}
        <Checkbox
          size="small"
          sx={{ p: 0.5 }}
          checked={state.checked}
          disabled={disabled || state.follows}
          onChange={(event) => onToggle(entry.id, event.target.checked)}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
          data-menu-entry={entry.name ?? entry.key ?? entry.id}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, minWidth: 0, flex: 1 }}>
          <Typography
            id={labelId}
            component="span"
            variant="body2"
            onClick={() => !disabled && !state.follows && onToggle(entry.id, !state.checked)}
            sx={{
              cursor: disabled || state.follows ? 'default' : 'pointer',
              color: state.checked && !state.seen ? 'text.secondary' : 'text.primary',
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </Typography>
          {entry.hidden === 1 && (
            <Chip size="small" variant="outlined" label={translate('app.access.hidden')} sx={{ height: 20, fontSize: 12 }} />
          )}
          {note && (
            <Typography component="span" variant="caption" color={state.blockedBy ? 'warning.main' : 'text.secondary'}>
              {note}
            </Typography>
          )}
        </Box>
      </Box>
      {children.length > 0 && open && (
        <Box component="ul" aria-label={title} sx={{ m: 0, p: 0 }}>
          {children.map((child) => (
            <EntryRow
              key={child.entry.id}
              node={child}
              depth={depth + 1}
              states={states}
              expanded={expanded}
              onExpand={onExpand}
              onToggle={onToggle}
              disabled={disabled}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

export default function MenuTreeInput({ source, label, helperText, disabled }: WidgetInputProps) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source, defaultValue: [] });
  const { data, isPending, error } = useGetList<MenuRecord & { id: number }>(accessResource('menus') ?? '', ALL);
  const tree = useMemo(() => buildMenuTree(data ?? []), [data]);
  const listed = useMemo<number[]>(() => (Array.isArray(field.value) ? field.value : []), [field.value]);
  const states = useMemo(() => entryStates(tree, new Set(listed)), [tree, listed]);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const branches = useMemo(() => branchIds(tree), [tree]);
  const labelId = useId();
  const onExpand = (id: number, open: boolean) =>
    setExpanded((before) => {
      const next = new Set(before);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOpen = branches.length > 0 && branches.every((id) => expanded.has(id));

  return (
    <Box sx={{ my: 1 }} data-widget="menuTree">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormLabel id={labelId}>{label}</FormLabel>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('app.access.listed', { smart_count: listed.length })}
          </Typography>
          <Button size="small" onClick={() => setExpanded(allOpen ? new Set() : new Set(branches))}>
            {translate(allOpen ? 'app.access.collapse_all' : 'app.access.expand_all')}
          </Button>
        </Box>
      </Box>
      {isPending && <LinearProgress sx={{ my: 1 }} />}
      {error && <FormHelperText error>{(error as Error).message}</FormHelperText>}
      <Box
        component="ul"
        aria-labelledby={labelId}
        sx={{ m: 0, mt: 0.5, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 480, overflowY: 'auto' }}
      >
        {tree.map((node) => (
          <EntryRow
            key={node.entry.id}
            node={node}
            depth={0}
            states={states}
            expanded={expanded}
            onExpand={onExpand}
            onToggle={(id, on) => field.onChange(toggleEntry(listed, id, on))}
            disabled={disabled}
          />
        ))}
      </Box>
      <FormHelperText error={Boolean(fieldState.error)}>
        <InputHelperText error={fieldState.error?.message} helperText={helperText || translate('app.access.tree_help')} />
      </FormHelperText>
    </Box>
  );
}
