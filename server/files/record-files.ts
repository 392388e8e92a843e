// Files that are the values of records' `x-upload` fields. A value must be the URL of a file this
// server keeps, of a kind the field accepts, and not another record's; once the record is saved
// the file belongs to it (it stops expiring), a file the record no longer names is deleted, and
// a deleted record's files go with it.
import { fieldAttachment, acceptedExtensions, acceptsMime, fileUrl, storedNameOf } from '../../kernel/contract/uploads';
import type { Registry } from '../../kernel/schema/registry';
import type { UploadSpec } from '../../kernel/schema/types';
import type { FieldError } from '../../kernel/schema/validation';
import type { UserInfo } from '../auth/accounts';
import type { Translate } from '../messages';
import type { Row, Store } from '../store/types';
import type { Attachment, Upload, UploadIndex } from './types';

export interface UploadField {
  field: string;
  spec: UploadSpec;
}

/** For each resource, its top-level fields that hold an uploaded file's URL. */
export function uploadFieldsOf(registry: Registry): Map<string, UploadField[]> {
  const out = new Map<string, UploadField[]>();
  for (const [resource, schema] of Object.entries(registry.resources)) {
    const found = Object.entries(schema.properties ?? {}).flatMap(([field, prop]) => (prop['x-upload'] ? [{ field, spec: prop['x-upload'] }] : []));
    if (found.length) out.set(resource, found);
  }
  return out;
}

export interface RecordFilesDeps {
  registry: Registry;
  store: Store;
  index: UploadIndex;
  /** Deletes uploads with their files. */
  remove: (uploads: Upload[]) => Promise<void>;
  isAdmin: (user: UserInfo) => boolean;
}

export function createRecordFiles({ registry, store, index, remove, isAdmin }: RecordFilesDeps) {
  const uploadFields = uploadFieldsOf(registry);
  const fieldsOf = (resource: string) => uploadFields.get(resource) ?? [];

  return {
    uploadFields,

    /**
     * What is wrong with the upload fields of a record about to be written (`recordId` when it
     * exists): run before the write, outside its transaction.
     */
    async check(resource: string, values: Record<string, unknown>, recordId: number | undefined, user: UserInfo, t: Translate): Promise<FieldError[]> {
      const errors: FieldError[] = [];
      for (const { field, spec } of fieldsOf(resource)) {
        const value = values[field];
        if (value === undefined || value === null || value === '') continue;
        const label = t(`resources.${resource}.fields.${field}`, { _: field });
        const fail = (key: string, options: Record<string, unknown> = {}) => errors.push({ field, message: `${label}: ${t(key, options)}` });
        const name = storedNameOf(value);
        const [upload] = name === undefined ? [] : await index.find({ storedName: name });
        if (!upload) {
          fail('validation.upload_unknown');
          continue;
        }
        const mine = upload.resource === resource && upload.recordId === recordId && upload.attachedAs === fieldAttachment(field);
        const free = upload.resource === null && (upload.createdBy === user.name || isAdmin(user));
        if (!acceptsMime(spec.accept, upload.mime)) fail('validation.upload_kind', { types: acceptedExtensions(spec.accept).join(', ') });
        else if (!mine && !free) fail('validation.upload_taken');
      }
      return errors;
    },

    /** After a record was written: the files its upload fields name belong to it; those it no longer names go. */
    async afterWrite(resource: string, row: Row): Promise<void> {
      for (const { field } of fieldsOf(resource)) {
        const attachment: Attachment = { resource, recordId: row.id, attachedAs: fieldAttachment(field) };
        const name = storedNameOf(row[field]);
        const [named] = name === undefined ? [] : await index.find({ storedName: name, unattached: true });
        if (named) await index.attach(named.id, attachment);
        const held = await index.find({ resource, recordIds: [row.id], attachedAs: attachment.attachedAs });
        await remove(held.filter((upload) => upload.storedName !== name));
      }
    },

    /** After records were deleted: their files, reports included, go too. */
    async afterRemove(resource: string, ids: number[]): Promise<void> {
      if (ids.length) await remove(await index.find({ resource, recordIds: ids }));
    },

    /** A record whose upload field names this upload, as the attachment it should have; undefined when none does. */
    async claimant(upload: Upload): Promise<Attachment | undefined> {
      for (const [resource, list] of uploadFields) {
        for (const { field, spec } of list) {
          if (!acceptsMime(spec.accept, upload.mime)) continue;
          const [recordId] = await store.findIds(resource, [{ field, op: 'eq', value: fileUrl(upload.storedName) }]);
          if (recordId !== undefined) return { resource, recordId, attachedAs: fieldAttachment(field) };
        }
      }
      return undefined;
    },

    /** Whether the record an upload belongs to as a field value still names it. */
    async stillNamed(upload: Upload): Promise<boolean> {
      const field = upload.attachedAs?.startsWith('field:') ? upload.attachedAs.slice('field:'.length) : undefined;
      if (field === undefined || upload.resource === null || upload.recordId === null) return true;
      if (!fieldsOf(upload.resource).some((f) => f.field === field)) return true; // a field no longer upload: leave it
      const record = await store.get(upload.resource, upload.recordId);
      return !record || storedNameOf(record[field]) === upload.storedName;
    },
  };
}

export type RecordFiles = ReturnType<typeof createRecordFiles>;
