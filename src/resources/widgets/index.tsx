// The inputs and value displays a field may name by x-ui.widget instead of those its type
// gives: the role's menu entries as a tree, an account's roles as chips, a password with
// show/hide. The two that read other resources load when a form first shows them.
import { type ComponentType, Suspense, lazy } from 'react';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import { PasswordInput, useGetRecordRepresentation, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { flattenRoutes } from '../../../kernel/routes/tree';
import { registry } from '../../../kernel/schema/load-vite';
import type { WidgetInputProps } from './types';

export type { WidgetInputProps };

function PasswordWidget({ source, label, helperText, isRequired }: WidgetInputProps) {
  return (
    <PasswordInput source={source} label={label} helperText={helperText} isRequired={isRequired} autoComplete="new-password" fullWidth />
  );
}

/** A list of names (an account's roles), each as a chip. */
function NameChips({ value }: { value: unknown }) {
  const names = Array.isArray(value) ? value.map(String) : [];
  if (names.length === 0) return <span>—</span>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={name} variant="outlined" />
      ))}
    </span>
  );
}

/** A role's menu entries, counted (the tree is on its edit page). */
function EntryCount({ value }: { value: unknown }) {
  const translate = useTranslate();
  return <span>{translate('app.access.entries', { smart_count: Array.isArray(value) ? value.length : 0 })}</span>;
}

/** A person's picture, small, with the first letter of their name when the image fails. */
function PersonAvatar({ value }: { value: unknown }) {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(useResourceContext() ?? '');
  const name = record ? String(represent(record) ?? '') : '';
  return (
    <Avatar src={value ? String(value) : undefined} alt={name} sx={{ width: 32, height: 32, fontSize: 14 }}>
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The screen of the product a route shows (`resource:staff:list`, `home`), named by the title of
 * the product's own route to it, translated; as stored when the product has no such route.
 */
function screenText(value: unknown, translate: Translate): string {
  if (typeof value !== 'string' || !value) return '';
  const title = flattenRoutes(registry.routes).find(({ node }) => node.component === value)?.node.meta?.title;
  return title ? translate(`route.${title}`, { _: title }) : value;
}

/**
 * The widgets, each registered once by name: its input in forms, its way of showing a value in
 * lists and summaries, or both. A field names one by `x-ui.widget`; the schema check in the
 * tests holds the schema files to these names.
 */
const widgets: Record<
  string,
  {
    input?: ComponentType<WidgetInputProps>;
    value?: ComponentType<{ value: unknown }>;
    /** The value as text, where it names a record (its `recordRepresentation`). */
    text?: (value: unknown, translate: Translate) => string;
  }
> = {
  menuTree: { input: lazy(() => import('./MenuTreeInput')), value: EntryCount },
  roleNames: { input: lazy(() => import('./RoleNamesInput')), value: NameChips },
  password: { input: PasswordWidget },
  avatar: { value: PersonAvatar },
  screen: { text: screenText },
};

/** The names a field's `x-ui.widget` may give. */
export const widgetNames = (): string[] => Object.keys(widgets);

/** Whether the console has an input of that name. */
export const hasWidgetInput = (widget: string | undefined): widget is string => widget !== undefined && !!widgets[widget]?.input;

export function WidgetInput({ widget, ...props }: WidgetInputProps & { widget: string }) {
  const Input = widgets[widget].input!;
  return (
    <Suspense fallback={<LinearProgress sx={{ my: 2 }} />}>
      <Input {...props} />
    </Suspense>
  );
}

/** The text a widget makes of a value, as a record's name; undefined for a widget that makes none. */
export function widgetText(widget: string | undefined, value: unknown, translate: Translate): string | undefined {
  const text = widget === undefined ? undefined : widgets[widget]?.text;
  return text ? text(value, translate) : undefined;
}

/** Whether a value of a field with that widget shows its own way in lists and summaries. */
export const hasWidgetValue = (widget: string | undefined): widget is string => widget !== undefined && !!widgets[widget]?.value;

export function WidgetValue({ widget, value }: { widget: string; value: unknown }) {
  const Value = widgets[widget].value!;
  return <Value value={value} />;
}
