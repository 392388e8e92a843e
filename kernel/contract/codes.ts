// The wire contract of /dev-api, written once for the console, the server and the mock:
// where it lives, the answer codes, and which codes end a session. The first codes are the
// product's fixed contract; the rest are ours, each with a translated message under server.*
// in i18n/<lang>/app.json.

/** Every call of the console goes under this path. */
export const API_BASE = '/dev-api';

export const Code = {
  ok: 20000,
  loginFailed: 60204,
  tokenInvalid: 50008,
  tokenOtherClient: 50012,
  tokenExpired: 50014,
  invalidInput: 40001,
  invalidQuery: 40002,
  forbidden: 40003,
  notFound: 40004,
  conflict: 40009,
  /** The record is still used by others (references, children, dictionary values): nothing was deleted. */
  inUse: 40010,
  /**
   * A member of an exclusive assignment (an instrument) is assigned to another parent (another
   * well): nothing was written; `data` names each member and where it is. Sending the same call
   * with `move: true` ends the other assignment first.
   */
  assignedElsewhere: 40011,
  /** The person must choose a new password (one an admin set) before any other call. */
  passwordChangeDue: 40012,
  tooManyAttempts: 42900,
  internal: 50000,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes meaning the session is no longer valid: the console offers to sign in again. */
export const SESSION_CODES: readonly number[] = [Code.tokenInvalid, Code.tokenOtherClient, Code.tokenExpired];
