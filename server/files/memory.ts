// Uploads kept in memory: the in-browser mock's (nothing outlives the page) and the tests'.
import type { FileStore, Upload, UploadFilter, UploadIndex, UploadStorage } from './types';

export function memoryFileStore(): FileStore {
  const files = new Map<string, Uint8Array>();
  return {
    async put(name, bytes) {
      if (files.has(name)) throw new Error(`A file named ${name} is stored already`);
      files.set(name, bytes.slice());
    },
    get: async (name) => files.get(name),
    remove: async (name) => void files.delete(name),
  };
}

/** Whether an upload meets every condition of the filter (the SQL index says the same in SQL). */
export function matches(upload: Upload, filter: UploadFilter): boolean {
  const { visibleTo } = filter;
  return (
    (filter.id === undefined || upload.id === filter.id) &&
    (filter.storedName === undefined || upload.storedName === filter.storedName) &&
    (filter.resource === undefined || upload.resource === filter.resource) &&
    (filter.recordIds === undefined || (upload.recordId !== null && filter.recordIds.includes(upload.recordId))) &&
    (filter.attachedAs === undefined || upload.attachedAs === filter.attachedAs) &&
    (!filter.unattached || upload.resource === null) &&
    (filter.createdBefore === undefined || upload.createdAt < filter.createdBefore) &&
    (visibleTo === undefined ||
      (upload.resource === null ? upload.ownerId === visibleTo.accountId : visibleTo.resources.includes(upload.resource)))
  );
}

export function memoryUploadIndex(): UploadIndex {
  const uploads = new Map<number, Upload>();
  let lastId = 0;
  return {
    async insert(values) {
      const upload = { ...values, id: ++lastId };
      uploads.set(upload.id, upload);
      return { ...upload };
    },
    find: async (filter) =>
      [...uploads.values()]
        .filter((upload) => matches(upload, filter))
        .sort((a, b) => b.id - a.id)
        .map((upload) => ({ ...upload })),
    async attach(id, attachment) {
      const upload = uploads.get(id);
      if (!upload) return;
      uploads.set(id, {
        ...upload,
        resource: attachment?.resource ?? null,
        recordId: attachment?.recordId ?? null,
        attachedAs: attachment?.attachedAs ?? null,
      });
    },
    remove: async (ids) => ids.forEach((id) => uploads.delete(id)),
    async attachedRecords() {
      const seen = new Map<string, { resource: string; recordId: number }>();
      for (const { resource, recordId } of uploads.values()) {
        if (resource !== null && recordId !== null) seen.set(`${resource}#${recordId}`, { resource, recordId });
      }
      return [...seen.values()];
    },
  };
}

/** Everything in memory; an image is its own thumbnail. */
export const memoryUploads = (options: Pick<UploadStorage, 'maxBytes' | 'now'> = {}): UploadStorage => ({
  files: memoryFileStore(),
  index: memoryUploadIndex(),
  ...options,
});
