// Every endpoint of the API is declared once, with who may call it and how it is documented.
// The declaration is what the guard enforces, what /openapi.json publishes and what the fuzz
// suite checks, so the three cannot disagree; nothing is reachable without one.
import type { Context, Handler, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { Code } from '../../kernel/contract/codes';
import type { Accounts } from '../auth/accounts';
import { type AppEnv, fail } from '../context';
import type { Permissions } from '../access/permissions';

type Json = Record<string, unknown>;

/** Anyone; any signed-in person; or the roles that may use a resource (see permissions.ts). */
export type Access = 'public' | 'signed-in' | { resource: string };

export interface OperationDoc {
  tags: string[];
  summary: string;
  description?: string;
  parameters?: Json[];
  /** A JSON request body's schema, or a whole OpenAPI requestBody for other media types. */
  body?: Json;
  bodyIsJson?: boolean;
  /** The schema of `data` in a successful answer. */
  data?: Json;
  /** The refusal codes this operation may answer with, besides the ones every operation may. */
  codes?: number[];
  /** A GET that changes what is stored (the scheduled jobs' switch of the wire contract): said in the document as `x-writes`. */
  writes?: boolean;
  /** The media type of a file answered as itself, not in an envelope (a backup's bytes); refusals stay envelopes. */
  file?: string;
  /** A write that changes who may do what (the menu, the roles, the accounts): said as `x-changes-access`. */
  changesAccess?: boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Hono's path pattern under /dev-api (`:name{regex}` for a path parameter). */
  path: string;
  access: Access;
  /** Also accepts the session token as `?token=` (the user info call of the wire contract). */
  tokenInQuery?: boolean;
  /** Open to a person who must choose a new password first (the info, the change itself, sign-out); every other call waits for it. */
  beforePasswordChange?: boolean;
  /** A body limit of its own (uploads) instead of the JSON one, and what to answer past it. */
  bodyLimit?: { bytes: number; refuse: (c: Context<AppEnv>) => Response };
  /** Filled in when declared: the largest body the operation reads, its own limit or the JSON one. */
  bodyMaxBytes?: number;
  doc: OperationDoc;
}

/** Kilobytes or megabytes, as a limit is told to a person. */
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function createApi(app: Hono<AppEnv>, accounts: Accounts, permissions: Permissions, jsonBodyMaxBytes: number) {
  const operations: Operation[] = [];
  const jsonLimit = bodyLimit({
    maxSize: jsonBodyMaxBytes,
    onError: (c) => fail(c, Code.invalidInput, c.get('t')('server.body_too_large', { size: formatBytes(jsonBodyMaxBytes) })),
  });

  return {
    operations,
    on(operation: Operation, handler: Handler<AppEnv>) {
      operations.push({ ...operation, bodyMaxBytes: operation.bodyLimit?.bytes ?? jsonBodyMaxBytes });
      // The size limit comes first: a body too large is refused while it arrives, before the
      // session is looked up or anything is parsed. A GET's body is never read, so it has none
      // (looking for one would make the Node adapter build a whole fetch Request for every read).
      const limit = operation.bodyLimit
        ? bodyLimit({ maxSize: operation.bodyLimit.bytes, onError: operation.bodyLimit.refuse })
        : jsonLimit;
      const guarded = async (c: Context<AppEnv>, next: () => Promise<void>) => {
        const { access } = operation;
        if (access === 'public') return handler(c, next);
        const token = c.req.header('X-Token') ?? (operation.tokenInQuery ? c.req.query('token') : undefined);
        const result = await accounts.check(token);
        if ('problem' in result) {
          const expired = result.problem === 'expired';
          return fail(
            c,
            expired ? Code.tokenExpired : Code.tokenInvalid,
            c.get('t')(expired ? 'server.token_expired' : 'server.token_invalid'),
          );
        }
        c.set('user', result.user);
        c.set('token', token!);
        if (result.user.mustChange && !operation.beforePasswordChange)
          return fail(c, Code.passwordChangeDue, c.get('t')('server.password_change_due'));
        // Refused before anything is read or written.
        if (access !== 'signed-in' && !(await permissions.mayUse(result.user.roles, access.resource))) {
          return fail(c, Code.forbidden, c.get('t')('server.forbidden'));
        }
        return handler(c, next);
      };
      if (operation.method === 'GET') app.on(operation.method, operation.path, guarded);
      else app.on(operation.method, operation.path, limit, guarded);
    },
  };
}

export type Api = ReturnType<typeof createApi>;
