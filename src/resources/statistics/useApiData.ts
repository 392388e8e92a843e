// The data of one GET call of /dev-api, read fresh whenever a screen showing it opens. With
// `keepPrevious`, while a changed query (another period) is read, the previous answer stays on screen.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../api/http';

export function useApiData<T>(path: string, query?: Record<string, string | number>, keepPrevious = false) {
  return useQuery({
    queryKey: ['api', path, query],
    queryFn: async () => (await request<T>(path, { query })).data,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
