// The generic screens every resource gets from its schema, each loaded when first opened, so the
// sign-in page carries none of them (forms and record pages also bring the validator).
import { lazy, type ComponentType } from 'react';
import type { View } from '../../../kernel/schema/route-component';

const SchemaList = lazy(() => import('./SchemaList').then((m) => ({ default: m.SchemaList })));
const SchemaShow = lazy(() => import('./SchemaShow').then((m) => ({ default: m.SchemaShow })));
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
