// Answers put in the query cache ahead of the screens that ask for them (the first screen's page,
// the session's checks) count as fresh for a while: a screen mounting then shows them without
// asking again, and without a render for a request going out and coming back.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Queries under `queryKey` count as fresh for `ms` from now, then as the client's defaults say. */
export function keepFresh(queryClient: QueryClient, queryKey: QueryKey, ms: number) {
  queryClient.setQueryDefaults(queryKey, { staleTime: ms });
  setTimeout(() => queryClient.setQueryDefaults(queryKey, {}), ms);
}
