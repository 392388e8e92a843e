// The session's checks as react-admin keeps them in its query cache (under its own keys), filled
// from the person's info already at hand. The console's first render then shows its page at once,
// instead of a loading screen and a render for each answer while react-admin asks the auth
// provider what the info already says.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserInfo } from '../../kernel/contract/user-info';
import { keepFresh } from '../api/keepFresh';
import { sameValue } from '../../kernel/schema/same-value';

/** The identity react-admin shows (the avatar menu), as the auth provider answers it. */
export const identityOf = ({ name, avatar }: Pick<UserInfo, 'name' | 'avatar'>) => ({ id: name, fullName: name, avatar });

/**
 * Puts `data` in the cache under `queryKey`, fresh for `freshMs` from now. An answer the cache
 * already holds (the info assumed by a console drawn ahead of sign-in) is left as it is: set
 * again, it would draw again every screen that reads react-admin's session hooks, which watch
 * more than the data.
 */
function answerAhead(queryClient: QueryClient, queryKey: QueryKey, data: unknown, freshMs?: number) {
  const held = queryClient.getQueryState(queryKey);
  const same = held?.status === 'success' && !held.isInvalidated && sameValue(held.data, data);
  if (freshMs !== undefined) keepFresh(queryClient, queryKey, freshMs + (same ? Date.now() - held.dataUpdatedAt : 0));
  if (!same) queryClient.setQueryData(queryKey, data);
}

/**
 * The session's check, the person's roles and identity, answered from `info`; fresh for `freshMs`,
 * or as long as the client's defaults say.
 */
export function answerSessionChecks(queryClient: QueryClient, info: UserInfo, freshMs?: number) {
  answerAhead(queryClient, ['auth', 'checkAuth', {}], true, freshMs);
  answerAhead(queryClient, ['auth', 'getPermissions', {}], info.roles, freshMs);
  answerAhead(queryClient, ['auth', 'getIdentity'], identityOf(info), freshMs);
}
