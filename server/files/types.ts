// Where uploads live, behind two small interfaces: the files' bytes (a directory on the server,
// a Map in the browser's mock) and their metadata (the database's app_uploads on the server,
// a list in memory for the mock). The rules about who may see or delete what are written once,
// in service.ts, over these.

/** Who uploads, or asks what they may see: their account (none for the server's own work), name and roles. */
export interface Uploader {
  id?: number;
  name: string;
  roles: string[];
}

/** One uploaded file's metadata. Times are ISO 8601 strings. */
export interface Upload {
  id: number;
  /** The random name it is stored under, which is also the permission to read it. */
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
  /** The uploader's name, as a person reads it. */
  createdBy: string;
  /** The uploader's account: an unattached upload is theirs (and admins'); null when nobody's known. */
  ownerId: number | null;
  createdAt: string;
  /** Its thumbnail's stored name (images), or null when none was made. */
  thumbnailName: string | null;
  /** The record it belongs to; null while it belongs to its uploader alone (and expires). */
  resource: string | null;
  recordId: number | null;
  /** How it belongs to that record: `report`, or `field:<name>` (see kernel/contract/uploads.ts). */
  attachedAs: string | null;
}

export type NewUpload = Omit<Upload, 'id'>;

export interface Attachment {
  resource: string;
  recordId: number;
  attachedAs: string;
}

/** Which uploads to find; every given condition must hold. */
export interface UploadFilter {
  id?: number;
  storedName?: string;
  /** Attached to this resource (and, when given, to one of these records, as this). */
  resource?: string;
  recordIds?: number[];
  attachedAs?: string;
  /** Belonging to no record. */
  unattached?: boolean;
  createdBefore?: string;
  /** What a person may see: their own unattached uploads, and those of records of these resources. */
  visibleTo?: { accountId: number; resources: string[] };
}

/** The metadata of the uploads. Lists come newest first. */
export interface UploadIndex {
  insert(upload: NewUpload): Promise<Upload>;
  find(filter: UploadFilter): Promise<Upload[]>;
  /** Makes the upload belong to a record (or to nobody again, with null). */
  attach(id: number, attachment: Attachment | null): Promise<void>;
  remove(ids: number[]): Promise<void>;
  /** The records that have uploads, each once: the sweep looks for those that are gone. */
  attachedRecords(): Promise<{ resource: string; recordId: number }[]>;
}

/** The bytes of the stored files, by stored name. */
export interface FileStore {
  /** Stores a new file; never overwrites one. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  get(name: string): Promise<Uint8Array | undefined>;
  /** Forgets the file; nothing happens when there is none. */
  remove(name: string): Promise<void>;
}

/** Makes a small image of an image (its bytes and the extension to store it under), or nothing. */
export type Thumbnailer = (bytes: Uint8Array, mime: string) => Promise<{ bytes: Uint8Array; extension: string } | undefined>;

export interface UploadStorage {
  files: FileStore;
  index: UploadIndex;
  /** None: an image is shown as its own thumbnail (the mock). */
  thumbnails?: Thumbnailer;
  /** The size limit of one file (10 MB unless told). */
  maxBytes?: number;
  /** The clock uploads are stamped and expired by. */
  now?: () => Date;
}
