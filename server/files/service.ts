// The rules of uploads, over any storage (types.ts): what may be uploaded (size, kind checked on
// the bytes), who sees and deletes what, and the sweep that removes what nobody keeps.
//
// An upload belongs either to its uploader alone (only they, or an admin, see and delete it; it
// is removed a day after its upload unless a record takes it), or to a record: whoever may use
// that record's resource sees it and may delete or replace it. A calibration report belongs to
// its instrument from the start; an image for an `x-upload` field is uploaded first and belongs
// to the record once the record is saved naming it.
import {
  FILE_TYPES,
  STORED_NAME,
  UNATTACHED_UPLOAD_LIFETIME_MS,
  type UploadLimits,
  type UploadedFile,
  acceptedExtensions,
  extensionOf,
  fileUrl,
  thumbnailUrl,
} from '../../kernel/contract/uploads';
import type { Registry } from '../../kernel/schema/registry';
import type { UserInfo } from '../auth/accounts';
import { formatBytes } from '../http/endpoints';
import type { Permissions } from '../access/permissions';
import type { Store } from '../store/types';
import { createRecordFiles, ownsUpload } from './record-files';
import { fileTypeOf } from './sniff';
import type { Attachment, Upload, UploadStorage, Uploader } from './types';

export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The sweep runs at most this often, on the next upload after it is due. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Record ids looked up at once when the sweep checks that records still exist. */
const SWEEP_BATCH = 500;

export interface FilesDeps {
  storage: UploadStorage;
  registry: Registry;
  store: Store;
  permissions: Permissions;
}

/** Why an upload was refused: a message key of server.* and its values. */
export type Refusal = { refused: string; values?: Record<string, unknown> };

/** What one person may do with one upload: manage it, nothing (it is not theirs to see), or change the record that names it. */
export type Access = 'manage' | 'hidden' | 'field';

const randomHex = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const isAdmin = (user: Pick<UserInfo, 'roles'>) => user.roles.includes('admin');

/** The name a file was sent with, without any folder a browser put before it, at most 255 characters. */
const baseName = (name: string) =>
  Array.from(name.slice(name.search(/[^/\\]*$/)))
    .slice(0, 255)
    .join('');

export function createFiles({ storage, registry, store, permissions }: FilesDeps) {
  const { files, index, thumbnails } = storage;
  const maxBytes = storage.maxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  const now = storage.now ?? (() => new Date());
  const extensions = acceptedExtensions('any');
  let lastSweep: number | undefined;

  /** Deletes uploads: their metadata first (nobody finds them any more), then their files. */
  async function remove(uploads: Upload[]): Promise<void> {
    if (uploads.length === 0) return;
    await index.remove(uploads.map((upload) => upload.id));
    for (const upload of uploads) {
      await files.remove(upload.storedName);
      if (upload.thumbnailName) await files.remove(upload.thumbnailName);
    }
  }

  const records = createRecordFiles({ registry, store, index, remove, isAdmin });

  /**
   * Removes what nobody keeps: unattached uploads older than a day (unless a record names one:
   * it then belongs to that record), files of records that no longer exist, and field values a
   * record replaced. Answers how many uploads it removed and attached.
   */
  async function sweep(): Promise<{ removed: number; attached: number }> {
    const at = now().getTime();
    lastSweep = at;
    let removed = 0;
    let attached = 0;
    const cutoff = new Date(at - UNATTACHED_UPLOAD_LIFETIME_MS).toISOString();
    for (const upload of await index.find({ unattached: true, createdBefore: cutoff })) {
      const claim = await records.claimant(upload);
      if (claim) {
        await index.attach(upload.id, claim);
        attached++;
      } else {
        await remove([upload]);
        removed++;
      }
    }
    const byResource = new Map<string, number[]>();
    for (const { resource, recordId } of await index.attachedRecords())
      byResource.set(resource, [...(byResource.get(resource) ?? []), recordId]);
    for (const [resource, ids] of byResource) {
      if (!registry.resources[resource]) continue; // a resource no schema names any more: its table and files are left alone
      for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
        const batch = ids.slice(i, i + SWEEP_BATCH);
        const existing = new Set(await store.findIds(resource, [{ field: 'id', op: 'in', value: batch }]));
        const gone = batch.filter((id) => !existing.has(id));
        const orphans = gone.length ? await index.find({ resource, recordIds: gone }) : [];
        await remove(orphans);
        removed += orphans.length;
      }
    }
    for (const [resource, fields] of records.uploadFields) {
      for (const { field } of fields) {
        for (const upload of await index.find({ resource, attachedAs: `field:${field}` })) {
          if (await records.stillNamed(upload)) continue;
          await remove([upload]);
          removed++;
        }
      }
    }
    return { removed, attached };
  }

  const sweepIfDue = async () => {
    if (lastSweep === undefined || now().getTime() - lastSweep >= SWEEP_INTERVAL_MS) await sweep();
  };

  return {
    records,
    sweep,
    remove,
    maxBytes,

    limits(): UploadLimits {
      return {
        maxBytes,
        maxSize: formatBytes(maxBytes),
        extensions,
        accept: [...extensions, ...new Set(Object.values(FILE_TYPES).map((type) => type.mime.split(';')[0]))].join(','),
      };
    },

    /** The answer's shape for one upload. */
    describe(upload: Upload): UploadedFile {
      return {
        id: upload.id,
        name: upload.originalName,
        url: fileUrl(upload.storedName),
        src: fileUrl(upload.storedName),
        thumbnail: upload.mime.startsWith('image/') ? thumbnailUrl(upload.storedName) : '',
        uploadTime: upload.createdAt,
        size: upload.size,
        type: upload.mime,
      };
    },

    /**
     * Keeps a file sent by `owner`, belonging to a record when `attachment` says so (`at`: when it
     * was uploaded, for the demo data; now by default); or says why not.
     */
    async accept(
      file: File,
      { owner, attachment, at }: { owner: { id: number | null; name: string }; attachment?: Attachment; at?: Date },
    ): Promise<{ upload: Upload } | Refusal> {
      if (file.size > maxBytes) return { refused: 'server.upload_too_large', values: { size: formatBytes(maxBytes) } };
      if (file.size === 0) return { refused: 'server.upload_empty' };
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = fileTypeOf(file.name, bytes);
      if (!type) return { refused: 'server.upload_type', values: { types: extensions.join(', ') } };
      await sweepIfDue();
      const hex = randomHex();
      const storedName = `${hex}${type.extension}`;
      await files.put(storedName, bytes);
      let thumbnailName: string | null = null;
      try {
        const thumbnail = await thumbnails?.(bytes, type.mime);
        if (thumbnail) {
          thumbnailName = `${hex}.thumb${thumbnail.extension}`;
          await files.put(thumbnailName, thumbnail.bytes);
        }
        const upload = await index.insert({
          storedName,
          originalName: baseName(file.name),
          mime: type.mime,
          size: bytes.length,
          createdBy: owner.name,
          ownerId: owner.id,
          createdAt: (at ?? now()).toISOString(),
          thumbnailName,
          resource: attachment?.resource ?? null,
          recordId: attachment?.recordId ?? null,
          attachedAs: attachment?.attachedAs ?? null,
        });
        return { upload };
      } catch (error) {
        // No file without its record.
        await files.remove(storedName);
        if (thumbnailName) await files.remove(thumbnailName);
        throw error;
      }
    },

    /** The uploads a person may see (an admin: all), newest first. */
    async visibleTo(user: Uploader): Promise<Upload[]> {
      if (isAdmin(user)) return index.find({});
      const names = Object.keys(registry.resources);
      const allowed = await Promise.all(names.map((resource) => permissions.mayUse(user.roles, resource)));
      const resources = names.filter((_, i) => allowed[i]);
      // Without an account a person owns nothing: -1 is no account's id.
      return index.find({ visibleTo: { accountId: user.id ?? -1, resources } });
    },

    async access(upload: Upload, user: Uploader): Promise<Access> {
      if (upload.resource === null) return ownsUpload(upload, user) || isAdmin(user) ? 'manage' : 'hidden';
      if (!(await permissions.mayUse(user.roles, upload.resource))) return 'hidden';
      return upload.attachedAs?.startsWith('field:') ? 'field' : 'manage';
    },

    async find(id: number): Promise<Upload | undefined> {
      return (await index.find({ id }))[0];
    },

    /** The reports of one record, newest first. */
    attachedTo(resource: string, recordId: number, attachedAs: string): Promise<Upload[]> {
      return index.find({ resource, recordIds: [recordId], attachedAs });
    },

    /** Every upload attached to records of a resource as this (all instruments' reports), newest first. */
    attachedAll(resource: string, attachedAs: string): Promise<Upload[]> {
      return index.find({ resource, attachedAs });
    },

    /** The uploads of these records (as anything), newest first. */
    ofRecords(resource: string, recordIds: number[]): Promise<Upload[]> {
      return recordIds.length ? index.find({ resource, recordIds }) : Promise.resolve([]);
    },

    /** Makes an upload belong to a record, or to nobody again (null): a file moving to another record. */
    attach(id: number, attachment: Attachment | null): Promise<void> {
      return index.attach(id, attachment);
    },

    /** A stored file and what it is, by its stored name; `thumbnail` asks for its small image (the image itself when none was made). */
    async read(storedName: string, thumbnail = false): Promise<{ upload: Upload; bytes: Uint8Array; mime: string } | undefined> {
      if (!STORED_NAME.test(storedName)) return undefined;
      const [upload] = await index.find({ storedName });
      if (!upload || (thumbnail && !upload.mime.startsWith('image/'))) return undefined;
      const name = thumbnail && upload.thumbnailName ? upload.thumbnailName : upload.storedName;
      const bytes = await files.get(name);
      return (
        bytes && {
          upload,
          bytes,
          mime: name === upload.storedName ? upload.mime : (FILE_TYPES[extensionOf(name)]?.mime ?? 'application/octet-stream'),
        }
      );
    },
  };
}

export type Files = ReturnType<typeof createFiles>;
