// Uploaded files as the console, the server and the mock all see them: which kinds of file are
// taken, where a stored file and its thumbnail are served, and how an `x-upload` field's value
// (the file's URL) names the stored file.
import { API_BASE } from './codes';

/** What a file is, for the people looking at it: an image, a PDF, an office document or plain text. */
export type FileKind = 'image' | 'pdf' | 'office' | 'text';

export interface FileType {
  mime: string;
  kind: FileKind;
  /** Shown by the browser itself (images, PDF); others are downloaded. */
  inline: boolean;
}

/** The kinds of file an upload may be, by extension. The server also checks each file's first bytes. */
export const FILE_TYPES: Record<string, FileType> = {
  '.png': { mime: 'image/png', kind: 'image', inline: true },
  '.jpg': { mime: 'image/jpeg', kind: 'image', inline: true },
  '.jpeg': { mime: 'image/jpeg', kind: 'image', inline: true },
  '.gif': { mime: 'image/gif', kind: 'image', inline: true },
  '.webp': { mime: 'image/webp', kind: 'image', inline: true },
  '.pdf': { mime: 'application/pdf', kind: 'pdf', inline: true },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', kind: 'office', inline: false },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', kind: 'office', inline: false },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', kind: 'office', inline: false },
  '.odt': { mime: 'application/vnd.oasis.opendocument.text', kind: 'office', inline: false },
  '.ods': { mime: 'application/vnd.oasis.opendocument.spreadsheet', kind: 'office', inline: false },
  '.doc': { mime: 'application/msword', kind: 'office', inline: false },
  '.xls': { mime: 'application/vnd.ms-excel', kind: 'office', inline: false },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', kind: 'office', inline: false },
  '.csv': { mime: 'text/csv; charset=utf-8', kind: 'text', inline: false },
  '.txt': { mime: 'text/plain; charset=utf-8', kind: 'text', inline: false },
};

/** What an `x-upload` field takes: images only, documents (PDF, office, text), or any allowed file. */
export type UploadAccept = 'image' | 'document' | 'any';
export const UPLOAD_ACCEPTS: readonly UploadAccept[] = ['image', 'document', 'any'];

const ACCEPTED_KINDS: Record<UploadAccept, FileKind[]> = {
  image: ['image'],
  document: ['pdf', 'office', 'text'],
  any: ['image', 'pdf', 'office', 'text'],
};

/** The extensions a field (or the upload endpoints, with `any`) takes, as `.png`. */
export const acceptedExtensions = (accept: UploadAccept = 'any'): string[] =>
  Object.entries(FILE_TYPES)
    .filter(([, type]) => ACCEPTED_KINDS[accept].includes(type.kind))
    .map(([extension]) => extension);

/** Whether a file of this content type is of an accepted kind. */
export const acceptsMime = (accept: UploadAccept, mime: string): boolean =>
  Object.values(FILE_TYPES).some((type) => type.mime === mime && ACCEPTED_KINDS[accept].includes(type.kind));

/** The kind of a content type, for an icon; undefined for one not in the list. */
export const kindOfMime = (mime: string): FileKind | undefined => Object.values(FILE_TYPES).find((type) => type.mime === mime)?.kind;

/** The lower-case extension of a file name, with its dot (`.pdf`), or '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** Where stored files and their thumbnails are served, under the API's base path. */
export const UPLOAD_FILE_PATH = '/upload/file/';
export const UPLOAD_THUMBNAIL_PATH = '/upload/thumbnail/';
/** A stored file's name: 128 random bits in hex, then its extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.[a-z]+$/;

/** An unattached upload (not yet the file of any record) is removed after this long. */
export const UNATTACHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const fileUrl = (storedName: string) => `${API_BASE}${UPLOAD_FILE_PATH}${storedName}`;
export const thumbnailUrl = (storedName: string) => `${API_BASE}${UPLOAD_THUMBNAIL_PATH}${storedName}`;

/** The stored file an `x-upload` value names (`/dev-api/upload/file/<name>`), or undefined when it names none. */
export function storedNameOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith(`${API_BASE}${UPLOAD_FILE_PATH}`)) return undefined;
  const name = url.slice(API_BASE.length + UPLOAD_FILE_PATH.length);
  return STORED_NAME.test(name) ? name : undefined;
}

/** The thumbnail of the file an `x-upload` value names (the image itself when none was made). */
export const thumbnailOfUrl = (url: unknown): string | undefined => {
  const name = storedNameOf(url);
  return name === undefined ? undefined : thumbnailUrl(name);
};

/** The record page panel (a section `{"panel": "reports"}`) of a record's calibration reports. */
export const REPORTS_PANEL = 'reports';

/**
 * How a file belongs to a record: as one of its calibration reports, or as the value of one of
 * its `x-upload` fields (`field:<name>`).
 */
export const REPORT_ATTACHMENT = 'report';
export const fieldAttachment = (field: string) => `field:${field}`;

/** A report or any upload as the API answers it. */
export interface UploadedFile {
  id: number;
  name: string;
  url: string;
  /** The same URL, under the name server-defined forms store an upload's answer by. */
  src: string;
  /** A small image to show in lists: the server's 240 px rendering of an image, or '' for other files. */
  thumbnail: string;
  uploadTime: string;
  size: number;
  type: string;
}

/** What `GET /device/report/upload` answers: the limits an upload must keep. */
export interface UploadLimits {
  maxBytes: number;
  /** The same limit as a person reads it (`10 MB`). */
  maxSize: string;
  extensions: string[];
  /** For an `<input type=file accept>`. */
  accept: string;
}
