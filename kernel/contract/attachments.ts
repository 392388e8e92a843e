// The attachments library (Settings → Attachments) and the copy of a file a form reuses, as the
// console and the server both see them: the page's name, the calls' paths and what a listed
// file carries.
import type { UploadedFile } from './uploads';

/** The page a route names (`"component": "attachment"`). */
export const ATTACHMENT_PAGE = 'attachment';

export const ATTACHMENT_PATHS = {
  /** Every upload, filtered and paged (admins). */
  list: '/setting/attachment/list',
  /** Deletes files no record holds (admins). */
  del: '/setting/attachment/del',
  /** A copy of a file the caller may see, theirs alone (anyone signed in). */
  copy: '/upload/copy',
} as const;

/** The library's type filter: images, PDF, or the other documents (office, text). */
export const ATTACHMENT_TYPES = ['image', 'pdf', 'document'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The largest page of the library, and the most files one delete takes. */
export const MAX_ATTACHMENT_LIMIT = 100;

/** One file of the library: an upload, who sent it, and the record that holds it (null: none). */
export interface LibraryFile extends UploadedFile {
  createdBy: string;
  attachment: { resource: string; recordId: number; as: string; record: string } | null;
}
