// The pages a route entry may name by `component` in schemas/routes.json, each registered here
// once by name: this is the only list of them (the schema check in the tests reads it). Pages
// only some people open load when first opened.
import { type ComponentType, lazy } from 'react';
import { LOGIN_LOG_PAGE } from '../../kernel/history/names';
import { ATTACHMENT_PAGE } from '../../kernel/contract/attachments';
import { BACKUP_PAGE } from '../../kernel/contract/backups';
import { MESSAGE_PAGE, NOTIFICATION_PAGE } from '../../kernel/notify/names';
import { Home } from './Home';
import { Pending } from './Pending';
import { Profile } from './Profile';

export const pages: Record<string, ComponentType> = {
  home: Home,
  profile: Profile,
  pending: Pending,
  [LOGIN_LOG_PAGE]: lazy(() => import('./LoginLog').then((m) => ({ default: m.LoginLog }))),
  [MESSAGE_PAGE]: lazy(() => import('./Messages').then((m) => ({ default: m.Messages }))),
  [NOTIFICATION_PAGE]: lazy(() => import('./Notifications').then((m) => ({ default: m.Notifications }))),
  [ATTACHMENT_PAGE]: lazy(() => import('./Attachments').then((m) => ({ default: m.Attachments }))),
  [BACKUP_PAGE]: lazy(() => import('./Backups').then((m) => ({ default: m.Backups }))),
};

/** The names a route's `component` may give besides resource views. */
export const pageNames = (): string[] => Object.keys(pages);
