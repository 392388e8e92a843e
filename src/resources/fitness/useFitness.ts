// The fitness of the instruments a picker offers (GET FITNESS_PATH): their calibration and service
// state and why each may go only with a reason, asked once per set of ids and kept a minute.
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { FITNESS_MAX_IDS, FITNESS_PATH, type FitnessItem, readiness } from '../../../kernel/fleet/fitness';
import { request } from '../../api/http';

export function useFitness(ids: Identifier[], enabled: boolean): Map<string, FitnessItem> {
  const asked = [...new Set(ids.map(String))].sort().slice(0, FITNESS_MAX_IDS);
  const { data } = useQuery({
    queryKey: ['fitness', asked.join(',')],
    queryFn: async () => (await request<{ items: FitnessItem[] }>(FITNESS_PATH, { query: { ids: asked.join(',') } })).data.items,
    enabled: enabled && asked.length > 0,
    staleTime: 60_000,
  });
  return new Map((data ?? []).map((item) => [String(item.id), item]));
}

/** How ready a member is (0 first): refused outright, unfit or waiting, due soon, ready. */
export function rankOf(item: FitnessItem | undefined, notReady: boolean, refused: boolean): number {
  const due = item?.calibration?.state === 'due' || item?.service?.state === 'due';
  return readiness(item?.unfit ?? [], due, notReady, refused);
}

/** The records in order of readiness, keeping the server's order among equals. */
export function readyFirst<T extends { id: Identifier }>(records: T[], rank: (record: T) => number): T[] {
  return records
    .map((record, i) => ({ record, i, rank: rank(record) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ record }) => record);
}
