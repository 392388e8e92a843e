// Row types of the product's own tables, the ones migrate.ts creates with fixed columns (as
// opposed to resource tables, whose names and columns come from the schema files). Code that
// touches only these tables takes a FixedDb, so its queries are checked by the compiler.
// Every time is an ISO 8601 string: SQLite has no date type, and the strings sort in time order.
import type { Generated, Kysely, Selectable } from 'kysely';

export interface AccountsTable {
  username: string;
  /** scrypt, as passwords.ts writes it. */
  password_hash: string;
  /** A JSON list of role names. */
  roles: string;
  name: string;
  avatar: string | null;
  introduction: string | null;
  mobile: string | null;
  created_at: string;
  /** The number the console names the account by (unique; given by the server). */
  id: number;
  /** 1 while the account may sign in. */
  enabled: number;
  /** 1 when the owner must choose a new password before anything else (one someone else set). */
  must_change: number;
}

export interface SessionsTable {
  /** SHA-256 of the token, in hex: the token itself is never stored. */
  token_hash: string;
  username: string;
  created_at: string;
  expires_at: string;
}

export interface LoginLogTable {
  id: Generated<number>;
  username: string;
  address: string;
  /** 1 for a sign-in, 0 for a refusal (an integer on both databases). */
  success: 0 | 1;
  /** Why it was refused: 'password', 'account', 'disabled' or 'locked'. */
  reason: string | null;
  at: string;
  /** How many refusals of a locked address this entry stands for (1 but for 'locked'). */
  repeats: Generated<number>;
  /** The latest of them; null while there is one. */
  last_at: string | null;
}

export interface UploadsTable {
  id: Generated<number>;
  /** The random name on disk, which is also the permission to read the file. */
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  /** The uploader's name, as shown. */
  created_by: string;
  /** The uploader's account, which the upload belongs to; null for one a migration could not tell (admins' alone). */
  owner_id: number | null;
  created_at: string;
  /** The record the file belongs to (resource and id), or null while it belongs to its uploader alone. */
  resource: string | null;
  record_id: number | null;
  /** How it belongs to that record: `report`, or `field:<name>` for the value of an x-upload field. */
  attached_as: string | null;
  /** The name of its thumbnail beside it (images), or null when none was made. */
  thumbnail_name: string | null;
}

export interface MigrationsTable {
  name: string;
  applied_at: string;
}

export interface FixedTables {
  app_accounts: AccountsTable;
  app_sessions: SessionsTable;
  app_login_log: LoginLogTable;
  app_uploads: UploadsTable;
  app_migrations: MigrationsTable;
}

/**
 * The connection seen through the fixed tables. The untyped `Db` of connect.ts is assignable to
 * it, so callers hand over `connection.db` as it is.
 */
export type FixedDb = Kysely<FixedTables>;

export type UploadRow = Selectable<UploadsTable>;
