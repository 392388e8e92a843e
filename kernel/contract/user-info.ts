// What GET /user/info answers: the signed-in person, their roles first.
import type { RouteNode } from '../schema/types';

export interface UserInfo {
  /** Never empty: a person without a role may not use the console. */
  roles: string[];
  name: string;
  avatar: string;
  introduction: string;
  mobile?: string;
  /** The account's sign-in name. */
  username?: string;
  /** The person must choose a new password before anything else (one someone else set). */
  mustChange?: boolean;
  /** The route tree this person may see, from the stored menu and roles (the info call answers it). */
  routes?: RouteNode[];
}
