// The data of one GET call of /dev-api, read fresh whenever a screen showing it opens.
import { useQuery } from '@tanstack/react-query';
import { request } from '../../api/http';

export function useApiData<T>(path: string, query?: Record<string, string | number>) {
  return useQuery({ queryKey: ['api', path, query], queryFn: async () => (await request<T>(path, { query })).data });
}
