// The calls of Settings → System → Backup. The list always answers how this server is backed up:
// the copies it makes itself (SQLite), the pg_dump command to run (PostgreSQL), or that there is
// nothing to back up (the in-browser mock); create, download and delete work on SQLite only. A
// backup is named only by a name the list gives: anything else is refused before the file system
// is touched. A Settings screen, open to the roles that may read the operation log (the admins).
import { BACKUP_NAME, BACKUP_PATHS, type BackupListing, PG_DUMP_COMMAND, PG_RESTORE_COMMAND } from '../../kernel/contract/backups';
import { Code } from '../../kernel/contract/codes';
import { echo } from '../../kernel/contract/limits';
import { OPERATION_LOG } from '../../kernel/history/names';
import type { Registry } from '../../kernel/schema/registry';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import { readJson, refuseBody } from '../http/request';
import type { BackupService, Backups } from './types';

const BACKUP_FILE = {
  type: 'object',
  required: ['name', 'size', 'createdAt'],
  properties: {
    name: { type: 'string', pattern: BACKUP_NAME.source },
    size: { type: 'integer', minimum: 0, description: 'bytes' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};
/** What a backup is served as: a SQLite database file. */
const BACKUP_MEDIA_TYPE = 'application/vnd.sqlite3';
const NAME_BODY = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', pattern: BACKUP_NAME.source } },
};

export function registerBackups(api: Api, { registry, backups }: { registry: Registry; backups?: Backups }) {
  if (!registry.resources[OPERATION_LOG]) return;
  const access = { resource: OPERATION_LOG };
  const service: BackupService | undefined = backups?.mode === 'sqlite' ? backups : undefined;
  const tags = ['backup'];

  /** The service, or the refusal saying this server makes no backups itself. */
  const serviceOr = (c: AppContext) =>
    service ??
    fail(
      c,
      Code.notFound,
      c.get('t')(backups?.mode === 'pg_dump' ? 'server.backup_pg_dump' : 'server.backup_none', { command: PG_DUMP_COMMAND }),
    );

  /** The name a call gives, when it could be a backup's name; otherwise the refusal. */
  const nameOr = (c: AppContext, name: unknown) =>
    typeof name === 'string' && BACKUP_NAME.test(name)
      ? name
      : fail(c, Code.invalidInput, c.get('t')('server.backup_bad_name', { value: echo(String(name ?? '')) }), {
          errors: [{ field: 'name', message: c.get('t')('server.backup_bad_name', { value: echo(String(name ?? '')) }) }],
        });
  const missing = (c: AppContext, name: string) => fail(c, Code.notFound, c.get('t')('server.backup_missing', { name }));

  api.on(
    {
      method: 'GET',
      path: BACKUP_PATHS.list,
      access,
      doc: {
        tags,
        summary: 'How this server is backed up, and the backups made, newest first',
        description:
          '`mode` sqlite: the server makes the copies; pg_dump: PostgreSQL, back it up with `command`; none: the in-browser mock.',
        data: {
          type: 'object',
          required: ['mode', 'list', 'count'],
          properties: {
            mode: { enum: ['sqlite', 'pg_dump', 'none'] },
            list: { type: 'array', items: BACKUP_FILE },
            count: { type: 'integer', minimum: 0 },
            command: { type: 'string' },
            restore: { type: 'string' },
          },
        },
      },
    },
    async (c) => {
      const listing: BackupListing = service
        ? { mode: 'sqlite', ...(await service.list().then((list) => ({ list, count: list.length }))) }
        : backups?.mode === 'pg_dump'
          ? { mode: 'pg_dump', list: [], count: 0, command: PG_DUMP_COMMAND, restore: PG_RESTORE_COMMAND }
          : { mode: 'none', list: [], count: 0 };
      return ok(c, listing);
    },
  );

  api.on(
    {
      method: 'POST',
      path: BACKUP_PATHS.create,
      access,
      doc: {
        tags,
        summary: 'Makes a consistent backup of the SQLite database now, checked with PRAGMA integrity_check',
        data: BACKUP_FILE,
        codes: [Code.notFound],
      },
    },
    async (c) => {
      const found = serviceOr(c);
      if (found instanceof Response) return found;
      try {
        return ok(c, await found.create(), c.get('t')('server.backup_made'));
      } catch (error) {
        return fail(c, Code.internal, c.get('t')('server.backup_failed', { reason: echo((error as Error).message) }));
      }
    },
  );

  api.on(
    {
      method: 'GET',
      path: BACKUP_PATHS.download,
      access,
      doc: {
        tags,
        summary: 'The bytes of one backup (a SQLite database file)',
        file: BACKUP_MEDIA_TYPE,
        parameters: [
          {
            name: 'name',
            in: 'query',
            required: true,
            schema: { type: 'string', pattern: BACKUP_NAME.source },
            description: 'a name the list gives',
          },
        ],
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const name = nameOr(c, c.req.query('name'));
      if (name instanceof Response) return name;
      const found = serviceOr(c);
      if (found instanceof Response) return found;
      const opened = await found.open(name);
      if (!opened) return missing(c, name);
      return c.body(opened.body, 200, {
        'Content-Type': BACKUP_MEDIA_TYPE,
        'Content-Length': String(opened.file.size),
        'Content-Disposition': `attachment; filename="${opened.file.name}"`,
      });
    },
  );

  api.on(
    {
      method: 'POST',
      path: BACKUP_PATHS.del,
      access,
      doc: {
        tags,
        summary: 'Deletes one backup',
        body: NAME_BODY,
        bodyIsJson: true,
        data: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const extra = Object.keys(read.body).filter((key) => key !== 'name');
      if (extra.length)
        return fail(
          c,
          Code.invalidInput,
          c.get('t')('server.unknown_fields', { fields: extra.slice(0, 5).map(echo).join(', '), allowed: 'name' }),
        );
      const name = nameOr(c, read.body.name);
      if (name instanceof Response) return name;
      const found = serviceOr(c);
      if (found instanceof Response) return found;
      if (!(await found.remove(name))) return missing(c, name);
      return ok(c, { name }, c.get('t')('server.deleted'));
    },
  );
}
