// The generic screens every resource gets from its schema. Forms, and record pages (whose dialogs
// hold forms), load lazily: they bring the validator.
import { lazy, type ComponentType } from 'react';
import type { View } from '../../../kernel/schema/route-component';
import { SchemaList } from './SchemaList';
import { SchemaShow } from './SchemaShow';

const SchemaEdit = lazy(() => import('./SchemaEdit').then((m) => ({ default: m.SchemaEdit })));
const SchemaCreate = lazy(() => import('./SchemaEdit').then((m) => ({ default: m.SchemaCreate })));
const SchemaRecord = lazy(() => import('../record/SchemaRecord').then((m) => ({ default: m.SchemaRecord })));

export const genericViews: Record<View, ComponentType> = {
  list: SchemaList,
  create: SchemaCreate,
  edit: SchemaEdit,
  show: SchemaShow,
  record: SchemaRecord,
};
