// The generic screens every resource gets from its schema. Forms load lazily: they bring the validator.
import { lazy, type ComponentType } from 'react';
import type { View } from '../../../kernel/schema/route-component';
import { SchemaRecord } from '../record/SchemaRecord';
import { SchemaList } from './SchemaList';
import { SchemaShow } from './SchemaShow';

const SchemaEdit = lazy(() => import('./SchemaEdit').then((m) => ({ default: m.SchemaEdit })));
const SchemaCreate = lazy(() => import('./SchemaEdit').then((m) => ({ default: m.SchemaCreate })));

export const genericViews: Record<View, ComponentType> = {
  list: SchemaList,
  create: SchemaCreate,
  edit: SchemaEdit,
  show: SchemaShow,
  record: SchemaRecord,
};
