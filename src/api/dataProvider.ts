// One react-admin dataProvider for every resource, driven by each schema's endpoint mapping.
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { Registry } from '../../kernel/schema/registry';
import { IDS_PARAM, type RaListParams, referenceParam, toLegacyQuery } from '../../kernel/schema/query';
import { decodeList } from '../../kernel/schema/shapes';
import type { Endpoint, EndpointKind, ResourceSchema } from '../../kernel/schema/types';
import { isSingleton } from '../../kernel/schema/singleton';
import type { RequestOptions } from './http';

/** Ids go over the wire as JSON numbers: a route parameter gives react-admin the text "7". */
const wireId = (id: Identifier) => (typeof id === 'string' && /^[1-9][0-9]*$/.test(id) ? Number(id) : id);

/** A record a write changed besides the one it answers (a parent's totals, an instrument's hours and status). */
export interface ChangedRecord {
  resource: string;
  id: number;
}

export type Requester = <T>(path: string, options?: RequestOptions) => Promise<{ data: T; msg?: string; changed?: ChangedRecord[] }>;

type ChangeListener = (changed: ChangedRecord[]) => void;
const changeListeners = new Set<ChangeListener>();

/**
 * Told after each write the server answered with other records it changed: the screens showing
 * them read them again (record/useRefreshChanged.ts).
 */
export const recordsChanged = {
  subscribe(listener: ChangeListener): () => void {
    changeListeners.add(listener);
    return () => void changeListeners.delete(listener);
  },
  emit(changed: ChangedRecord[]) {
    for (const listener of changeListeners) listener(changed);
  },
};

export function createDataProvider(registry: Registry, request: Requester): DataProvider {
  return genericProvider(registry, request) as unknown as DataProvider;
}

// Typed on RaRecord: react-admin's per-call record generics are the caller's choice, not ours.
function genericProvider(registry: Registry, request: Requester) {
  const schemaOf = (resource: string): ResourceSchema => {
    const schema = registry.resources[resource];
    if (!schema) throw new Error(`No schema for resource "${resource}"`);
    return schema;
  };
  const endpoint = (resource: string, kind: EndpointKind): Endpoint => {
    const found = schemaOf(resource)['x-resource'].endpoints[kind];
    if (!found) throw new Error(`The ${resource} schema has no "${kind}" endpoint`);
    return found;
  };
  const list = async (resource: string, params: RaListParams) => {
    const { method, path, shape = 'total-items' } = endpoint(resource, 'list');
    const { data } = await request<Record<string, unknown>>(path, { method, query: toLegacyQuery(schemaOf(resource), params) });
    const { rows, total } = decodeList<RaRecord>(shape, data);
    return { data: rows, total };
  };
  const send = async <T>(resource: string, kind: EndpointKind, body: unknown): Promise<T> => {
    const { method, path } = endpoint(resource, kind);
    const { data, changed } = await request<T>(
      path,
      method === 'GET' || method === 'DELETE' ? { method, query: body as Record<string, string> } : { method, body },
    );
    if (changed && changed.length > 0) recordsChanged.emit(changed);
    return data;
  };

  return {
    getList: (resource: string, params: RaListParams) => list(resource, params),

    async getOne(resource: string, params: { id: Identifier }) {
      const { method, path } = endpoint(resource, 'info');
      // The one record of a singleton (the system parameters) is asked for without an id.
      const query = isSingleton(schemaOf(resource)) ? undefined : { id: String(params.id) };
      const { data } = await request<RaRecord>(path, { method, query });
      return { data };
    },

    async getMany(resource: string, params: { ids: Identifier[] }) {
      if (params.ids.length === 0) return { data: [] };
      const { data } = await list(resource, { pagination: { page: 1, perPage: params.ids.length }, filter: { [IDS_PARAM]: params.ids } });
      return { data };
    },

    // The records of `resource` whose `target` field holds `id`: a child collection's records are
    // asked for by their parent's id, in the parameter the child's schema names.
    getManyReference: (resource: string, params: RaListParams & { target: string; id: Identifier }) =>
      list(resource, { ...params, filter: { ...params.filter, [referenceParam(schemaOf(resource), params.target)]: params.id } }),

    async create(resource: string, params: { data: Partial<RaRecord> }) {
      return { data: await send<RaRecord>(resource, 'add', params.data) };
    },

    async update(resource: string, params: { id: Identifier; data: Partial<RaRecord> }) {
      if (isSingleton(schemaOf(resource))) {
        const { id: _id, ...fields } = params.data;
        return { data: await send<RaRecord>(resource, 'update', fields) };
      }
      return { data: await send<RaRecord>(resource, 'update', { ...params.data, id: wireId(params.id) }) };
    },

    async updateMany(resource: string, params: { ids: Identifier[]; data: Partial<RaRecord> }) {
      const ids: Identifier[] = [];
      for (const id of params.ids) {
        await send(resource, 'update', { ...params.data, id: wireId(id) });
        ids.push(id);
      }
      return { data: ids };
    },

    async delete(resource: string, params: { id: Identifier; previousData?: RaRecord }) {
      await send(resource, 'del', { id: wireId(params.id) });
      return { data: params.previousData as RaRecord };
    },

    async deleteMany(resource: string, params: { ids: Identifier[] }) {
      await send(resource, 'del', { ids: params.ids.map(wireId) });
      return { data: params.ids };
    },
  };
}
