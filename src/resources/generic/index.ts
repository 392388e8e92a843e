// The generic screens every resource gets from its schema, each loaded when first opened, so the
// sign-in page carries none of them (forms and record pages also bring the validator). The list
// screen, the usual first screen, can be fetched ahead (preloadListScreen).
import type { ComponentType } from 'react';
import type { View } from '../../../kernel/schema/route-component';
import { preloadable } from '../preloadable';

const SchemaList = preloadable(() => import('./SchemaList').then((m) => m.SchemaList));
const SchemaShow = preloadable(() => import('./SchemaShow').then((m) => m.SchemaShow));
const SchemaEdit = preloadable(() => import('./SchemaEdit').then((m) => m.SchemaEdit));
const SchemaCreate = preloadable(() => import('./SchemaEdit').then((m) => m.SchemaCreate));
const SchemaRecord = preloadable(() => import('../record/SchemaRecord').then((m) => m.SchemaRecord));

export const genericViews: Record<View, ComponentType> = {
  list: SchemaList.Component,
  create: SchemaCreate.Component,
  edit: SchemaEdit.Component,
  show: SchemaShow.Component,
  record: SchemaRecord.Component,
};

/** Fetches the list screen's code now, so that a list opened later shows without a turn of waiting. */
export const preloadListScreen = () => SchemaList.preload();
