// Files that are the values of records' `x-upload` fields. A value must be the URL of a file this
// server keeps, of a kind the field accepts, and not another record's; once the record is saved
// the file belongs to it (it stops expiring), a file the record no longer names is deleted, and
// a deleted record's files go with it.
import { fieldAttachment, acceptedExtensions, acceptsMime, fileUrl, storedNameOf } from '../../kernel/contract/uploads';
import type { Registry } from '../../kernel/schema/registry';
import type { UploadSpec } from '../../kernel/schema/types';
import type { UploadAccept } from '../../kernel/contract/uploads';
import type { FieldError } from '../../kernel/schema/validation';
import type { Translate } from '../http/messages';
import type { Row, Store } from '../store/types';
import type { Attachment, Upload, UploadIndex, Uploader } from './types';

export interface UploadField {
  field: string;
  spec: UploadSpec;
}

/** For each resource, its top-level fields that hold an uploaded file's URL. */
export function uploadFieldsOf(registry: Registry): Map<string, UploadField[]> {
  const out = new Map<string, UploadField[]>();
  for (const [resource, schema] of Object.entries(registry.resources)) {
    const found = Object.entries(schema.properties ?? {}).flatMap(([field, prop]) =>
      prop['x-upload'] ? [{ field, spec: prop['x-upload'] }] : [],
    );
    if (found.length) out.set(resource, found);
  }
  return out;
}

/** Whether an upload is the person's own: by account, never by name (two accounts may share one). */
export const ownsUpload = (upload: Upload, user: Uploader) => upload.ownerId !== null && upload.ownerId === user.id;

export interface RecordFilesDeps {
  registry: Registry;
  store: Store;
  index: UploadIndex;
  /** Deletes uploads with their files. */
  remove: (uploads: Upload[]) => Promise<void>;
  isAdmin: (user: Uploader) => boolean;
}

/** Files a record names in one place: a field (or a value of a form's field) with the URLs it holds. */
export interface NamedFiles {
  /** Where the record names them, as its attachment says (`slide`, `values.photos`). */
  field: string;
  /** The field as a person knows it, for messages. */
  label: string;
  accept: UploadAccept;
  urls: unknown[];
}

/** The files each upload field of a record names (one URL, or none). */
function namedBy(fields: UploadField[], values: Record<string, unknown>, label: (field: string) => string): NamedFiles[] {
  return fields.map(({ field, spec }) => ({ field, label: label(field), accept: spec.accept, urls: [values[field]] }));
}

const isGiven = (url: unknown) => url !== undefined && url !== null && url !== '';

export function createRecordFiles({ registry, store, index, remove, isAdmin }: RecordFilesDeps) {
  const uploadFields = uploadFieldsOf(registry);
  const fieldsOf = (resource: string) => uploadFields.get(resource) ?? [];

  /** What is wrong with the files a record about to be written names: each must be an upload of the person's, or already the record's, of a kind the place accepts. */
  async function checkNamed(
    resource: string,
    named: NamedFiles[],
    recordId: number | undefined,
    user: Uploader,
    t: Translate,
  ): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    for (const { field, label, accept, urls } of named) {
      // One message a place: the first file it names that may not be there.
      for (const url of urls.filter(isGiven)) {
        const name = storedNameOf(url);
        const [upload] = name === undefined ? [] : await index.find({ storedName: name });
        const mine = upload && upload.resource === resource && upload.recordId === recordId && upload.attachedAs === fieldAttachment(field);
        const free = upload && upload.resource === null && (ownsUpload(upload, user) || isAdmin(user));
        const message = !upload
          ? t('validation.upload_unknown')
          : !acceptsMime(accept, upload.mime)
            ? t('validation.upload_kind', { types: acceptedExtensions(accept).join(', ') })
            : !mine && !free
              ? t('validation.upload_taken')
              : undefined;
        if (message) {
          errors.push({ field, message: `${label}: ${message}` });
          break;
        }
      }
    }
    return errors;
  }

  /** After a record was written: the files it names belong to it; those it no longer names in that place go. */
  async function attachNamed(resource: string, recordId: number, named: NamedFiles[]): Promise<void> {
    for (const { field, urls } of named) {
      const attachment: Attachment = { resource, recordId, attachedAs: fieldAttachment(field) };
      const names = new Set(urls.map(storedNameOf).filter((name): name is string => name !== undefined));
      for (const name of names) {
        const [unattached] = await index.find({ storedName: name, unattached: true });
        if (unattached) await index.attach(unattached.id, attachment);
      }
      const held = await index.find({ resource, recordIds: [recordId], attachedAs: attachment.attachedAs });
      await remove(held.filter((upload) => !names.has(upload.storedName)));
    }
  }

  return {
    uploadFields,

    /**
     * What is wrong with the upload fields of a record about to be written (`recordId` when it
     * exists): run before the write, outside its transaction.
     */
    check(
      resource: string,
      values: Record<string, unknown>,
      recordId: number | undefined,
      user: Uploader,
      t: Translate,
    ): Promise<FieldError[]> {
      const label = (field: string) => t(`resources.${resource}.fields.${field}`, { _: field });
      return checkNamed(resource, namedBy(fieldsOf(resource), values, label), recordId, user, t);
    },

    checkNamed,

    /** After a record was written: the files its upload fields name belong to it; those it no longer names go. */
    afterWrite(resource: string, row: Row): Promise<void> {
      return attachNamed(
        resource,
        row.id,
        namedBy(fieldsOf(resource), row, (field) => field),
      );
    },

    attachNamed,

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
