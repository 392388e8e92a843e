// The session's checks as react-admin keeps them in its query cache (under its own keys), filled
// from the person's info already at hand. The console's first render then shows its page at once,
// instead of a loading screen and a render for each answer while react-admin asks the auth
// provider what the info already says.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserInfo } from '../../kernel/contract/user-info';
import { keepFresh } from '../api/keepFresh';

/** The identity react-admin shows (the avatar menu), as the auth provider answers it. */
export const identityOf = ({ name, avatar }: Pick<UserInfo, 'name' | 'avatar'>) => ({ id: name, fullName: name, avatar });

function answerAhead(queryClient: QueryClient, queryKey: QueryKey, data: unknown, freshMs?: number) {
  if (freshMs !== undefined) keepFresh(queryClient, queryKey, freshMs);
  queryClient.setQueryData(queryKey, data);
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
