// The form designer: the input of a list field marked `x-field-definitions` (a group's fields),
// with which a person designs a form without code. On the left one card per field, reordered by
// dragging (mouse, touch, or the keyboard: Space to lift, arrows, Space to drop, each step
// announced), by buttons, copied, removed or added; on the right (below on a phone) the form
// those fields make, as it will be filled in. What is wrong shows under the part it concerns as
// the person types: the checks the server makes on save (kernel/forms/definitions.ts).
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { MAX_FIELDS, definitionProblems } from '../../../kernel/forms/definitions';
import { FORM_FIELD_TYPES, type FieldDefinition } from '../../../kernel/forms/types';
import { registry } from '../../../kernel/schema/load-vite';
import { resolve } from '../../../kernel/schema/registry';
import type { Field, FieldSchema } from '../../../kernel/schema/types';
import { useChoices } from '../../resources/generic/choices';
import { useLabels } from '../../resources/generic/useLabels';
import { DesignerPreview } from './DesignerPreview';
import { type CardAction, FieldCard } from './FieldCard';
import {
  PARTS,
  type Part,
  asList,
  cleanField,
  copyName,
  moveItem,
  nameFollowsTitle,
  nameFromTitle,
  newField,
  shows,
  sortProblems,
} from './fieldList';
import { useLatinize } from '../useLatinize';

export interface FieldDefinitionsInputProps {
  resource: string;
  field: Field;
  /** The path its translations are keyed by, when it differs from the field's path. */
  keyPath?: string;
}

/** Cards keep their identity while they move; an identity is never stored with the field. */
let lastCardId = 0;
const freshIds = (count: number) => Array.from({ length: count }, () => `card-${++lastCardId}`);

/** Dragging moves a card up or down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** The message of a form error (the record's check or the server's) at `path` of the list's errors. */
function errorAt(error: unknown, ...path: (string | number)[]): string | undefined {
  let node = error as Record<string | number, unknown> | undefined;
  for (const key of path) node = node && typeof node === 'object' ? (node[key] as Record<string | number, unknown> | undefined) : undefined;
  const message = node && typeof node === 'object' ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

export function FieldDefinitionsInput({ resource, field: definition, keyPath = definition.path }: FieldDefinitionsInputProps) {
  const source = definition.path;
  const translate = useTranslate();
  const labels = useLabels(resource);
  const { field, fieldState, formState } = useInput({ source, isRequired: definition.required });
  const list = useMemo(() => asList(field.value), [field.value]);
  const latinize = useLatinize();

  // The schema of one item: its kinds (for their translated names) and the lengths it allows.
  const itemSchema = useMemo<FieldSchema | undefined>(() => {
    const root = registry.resources[resource];
    return root && definition.schema.items ? resolve(root, definition.schema.items) : undefined;
  }, [resource, definition.schema.items]);
  const typeSchema = useMemo<FieldSchema>(
    () => itemSchema?.properties?.type ?? { type: 'string', enum: [...FORM_FIELD_TYPES] },
    [itemSchema],
  );
  const types = (useChoices(resource, `${keyPath}.type`, typeSchema) ?? []).map((c) => ({ id: String(c.id), name: c.name }));
  const maxLength = useMemo(() => {
    const out: Partial<Record<Part, number>> = {};
    for (const part of PARTS) {
      const max = itemSchema?.properties?.[part]?.maxLength;
      if (max !== undefined) out[part] = max;
    }
    return out;
  }, [itemSchema]);
  const label = (part: Part) => labels.field(`${keyPath}.${part}`);

  // Each card's identity, kept beside the list; renewed for a list that changed length elsewhere (a reset).
  const [ids, setIds] = useState<string[]>(() => freshIds(list.length));
  let cardIds = ids;
  if (ids.length !== list.length) {
    cardIds = ids.length > list.length ? ids.slice(0, list.length) : [...ids, ...freshIds(list.length - ids.length)];
    setIds(cardIds);
  }
  // Cards added here show their problems once a part is left or the form is submitted; the others at once.
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (id: string, part: Part) => {
    if (!touched.has(`${id}:${part}`)) setTouched(new Set(touched).add(`${id}:${part}`));
  };

  const problems = useMemo(() => definitionProblems(list), [list]);
  const sorted = useMemo(() => sortProblems(problems), [problems]);
  const leftOut = useMemo(() => new Set(sorted.byField.keys()), [sorted]);
  const say = (reason: string, line?: number) => translate(`forms.problems.${reason}`, { line, max: MAX_FIELDS });

  // After a move, copy or removal the focus goes where the person expects it (the same button on the moved card).
  const container = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ id: string; selector: string; fallback?: string } | undefined>();
  useEffect(() => {
    if (!focus) return;
    const root = container.current;
    const card = focus.id ? root?.querySelector(`[data-card-id="${focus.id}"]`) : undefined;
    const usable = (selector?: string) => {
      const element = selector ? (card?.querySelector(selector) as HTMLButtonElement | null) : null;
      return element && !element.disabled ? element : undefined;
    };
    (usable(focus.selector) ?? usable(focus.fallback) ?? (root?.querySelector('[data-action="add"]') as HTMLElement | null))?.focus();
  }, [focus]);

  const commit = (next: FieldDefinition[], nextIds: string[]) => {
    setIds(nextIds);
    field.onChange(next);
    field.onBlur();
  };
  const update = (index: number, change: Partial<FieldDefinition>) => {
    const item = list[index];
    // A new title renames a field whose name the designer gave it; a name the person typed stays.
    const renamed = change.title !== undefined && change.name === undefined && nameFollowsTitle(item, latinize);
    const name = renamed ? (nameFromTitle(change.title!, list, index, latinize) ?? item.name) : undefined;
    commit(
      list.map((field, i) => (i === index ? cleanField({ ...field, ...change, ...(name ? { name } : {}) }) : field)),
      cardIds,
    );
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    commit(moveItem(list, from, to), moveItem(cardIds, from, to));
  };
  const act = (index: number, action: CardAction) => {
    const id = cardIds[index];
    if (action === 'up' || action === 'down') {
      move(index, action === 'up' ? index - 1 : index + 1);
      setFocus({ id, selector: `[data-action="${action}"]`, fallback: '[data-action="drag"]' });
    } else if (action === 'copy') {
      const [copyId] = freshIds(1);
      const copy = cleanField({ ...list[index], name: copyName(list[index].name, list) });
      commit(
        [...list.slice(0, index + 1), copy, ...list.slice(index + 1)],
        [...cardIds.slice(0, index + 1), copyId, ...cardIds.slice(index + 1)],
      );
      setFocus({ id: copyId, selector: '[data-part="name"]' });
    } else {
      commit(
        list.filter((_, i) => i !== index),
        cardIds.filter((_, i) => i !== index),
      );
      const next = cardIds[index + 1] ?? cardIds[index - 1];
      setFocus(next ? { id: next, selector: '[data-action="remove"]' } : { id: '', selector: '' });
    }
  };
  const add = () => {
    const [id] = freshIds(1);
    commit([...list, newField(list)], [...cardIds, id]);
    setAdded(new Set(added).add(id));
    setFocus({ id, selector: '[data-part="title"]' });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(cardIds.indexOf(String(active.id)), cardIds.indexOf(String(over.id)));
  };

  // What a screen reader hears while a card is dragged: the field and where it is, in the person's language.
  const nameOf = (id: UniqueIdentifier) => {
    const index = cardIds.indexOf(String(id));
    return list[index]?.name || translate('app.designer.field_n', { n: index + 1 });
  };
  const place = (id: UniqueIdentifier | undefined) => ({
    position: id === undefined ? 0 : cardIds.indexOf(String(id)) + 1,
    count: list.length,
  });
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('app.designer.picked_up', { name: nameOf(active.id), ...place(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? translate('app.designer.moved', { name: nameOf(active.id), ...place(over.id) })
        : translate('app.designer.outside', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? translate('app.designer.dropped', { name: nameOf(active.id), ...place(over.id) })
        : translate('app.designer.cancelled', { name: nameOf(active.id), ...place(active.id) }),
    onDragCancel: ({ active }) => translate('app.designer.cancelled', { name: nameOf(active.id), ...place(active.id) }),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: translate('app.designer.instructions') };

  const submitted = formState.isSubmitted;
  const formError = fieldState.error;
  const listProblems = [
    ...(submitted || fieldState.isDirty ? sorted.list.map((p) => say(p.reason, p.line)) : []),
    ...[errorAt(formError), errorAt(formError, 'root')].filter((m): m is string => m !== undefined),
  ];
  const helpKey = definition.schema['x-ui']?.help ? `resources.${resource}.help.${keyPath}` : undefined;

  return (
    <Box ref={container} sx={{ mt: 1, mb: 2, minWidth: 0 }} data-field-definitions={source}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 0.5 }} id={`${source}-designer-label`}>
        {labels.field(keyPath)}
        {definition.required && <span aria-hidden> *</span>}
      </Typography>
      {helpKey && <FormHelperText sx={{ mt: 0, mb: 1 }}>{translate(helpKey)}</FormHelperText>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Stack spacing={1.5} sx={{ minWidth: 0 }} role="group" aria-labelledby={`${source}-designer-label`}>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[verticalOnly]}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions }}
          >
            <SortableContext items={cardIds} strategy={verticalListSortingStrategy}>
              {list.map((item, index) => {
                const id = cardIds[index];
                const own = sorted.byField.get(index) ?? [];
                const open = submitted || !added.has(id);
                const problem = (part: Part) => {
                  const live = own.find((p) => p.part === part);
                  if (live && (open || touched.has(`${id}:${part}`))) return say(live.reason, live.line);
                  return errorAt(formError, index, part);
                };
                const otherProblems = own.filter((p) => !p.part || !shows(p.part, item.type)).map((p) => say(p.reason, p.line));
                return (
                  <Box key={id} data-card-id={id} sx={{ minWidth: 0 }}>
                    <FieldCard
                      id={id}
                      index={index}
                      count={list.length}
                      field={item}
                      source={source}
                      label={label}
                      types={types}
                      problem={problem}
                      otherProblems={otherProblems}
                      maxLength={maxLength}
                      onChange={(change) => update(index, change)}
                      onTouch={(part) => touch(id, part)}
                      onAction={(action) => act(index, action)}
                      t={translate}
                    />
                  </Box>
                );
              })}
            </SortableContext>
          </DndContext>
          {list.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.designer.none')}
            </Typography>
          )}
          {listProblems.map((message) => (
            <FormHelperText key={message} error data-list-problem>
              {message}
            </FormHelperText>
          ))}
          <Box>
            <Button
              variant="outlined"
              size="small"
              startIcon={<AddIcon />}
              onClick={add}
              disabled={list.length >= MAX_FIELDS}
              data-action="add"
            >
              {translate('app.designer.add_field')}
            </Button>
          </Box>
        </Stack>
        {/* Beside the cards the preview stays in view while they scroll, scrolling itself when taller than the window. */}
        <Box
          sx={{
            position: { sm: 'sticky' },
            top: { sm: 96 },
            maxHeight: { sm: 'calc(100vh - 112px)' },
            overflowY: { sm: 'auto' },
            minWidth: 0,
          }}
        >
          <DesignerPreview fields={list} leftOut={leftOut} />
        </Box>
      </Box>
    </Box>
  );
}

export default FieldDefinitionsInput;
