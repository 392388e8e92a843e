// The call the console posts its visits to, in batches: any signed-in person, whose name the
// server stamps on every visit (the batch names nobody). A batch is checked whole before anything
// is written (how many, each path, title and time) and stored in one transaction, or refused with
// every problem by its field. Reading the log is the generic list of schemas/visitlog.json.
import { Code } from '../../kernel/contract/codes';
import { VISIT_ADD_PATH, VISIT_LIMITS, VISIT_LOG, readVisitBatch } from '../../kernel/history/visits';
import type { Registry } from '../../kernel/schema/registry';
import { fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import { readJson } from '../http/request';
import type { Store } from '../store/types';

/** The longest name an entry keeps (the schema's `user` field). */
const MAX_USER_LENGTH = 64;

export function registerVisits(
  api: Api,
  { registry, store, now = () => new Date() }: { registry: Registry; store: Store; now?: () => Date },
) {
  if (!registry.resources[VISIT_LOG]) return;
  api.on(
    {
      method: 'POST',
      path: VISIT_ADD_PATH,
      access: 'signed-in',
      doc: {
        tags: ['log'],
        summary: 'Adds a batch of the screens the caller opened to the visit log',
        description: `At most ${VISIT_LIMITS.perBatch} visits; each \`at\` no later than now and no older than a day. The server stamps the caller's name. All or nothing.`,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['visits'],
          properties: {
            visits: {
              type: 'array',
              minItems: 1,
              maxItems: VISIT_LIMITS.perBatch,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['path', 'at'],
                properties: {
                  path: { type: 'string', pattern: '^/', maxLength: VISIT_LIMITS.path },
                  title: { type: 'string', maxLength: VISIT_LIMITS.title },
                  at: { type: 'string', format: 'date-time' },
                },
              },
            },
          },
        },
        data: { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 1 } } },
        codes: [Code.invalidInput],
      },
    },
    async (c) => {
      const t = c.get('t');
      const read = await readJson(c);
      if ('problem' in read) return fail(c, Code.invalidInput, read.problem);
      const batch = readVisitBatch(read.body, now());
      if ('problems' in batch) {
        const errors = batch.problems.map(({ field, key, values }) => ({ field, message: t(key, { field, ...values }) }));
        return fail(
          c,
          Code.invalidInput,
          t('server.visits_refused', {
            problems: errors
              .slice(0, 3)
              .map((e) => `${e.field}: ${e.message}`)
              .join('; '),
          }),
          { errors },
        );
      }
      const person = c.get('user');
      const user = person.name.slice(0, MAX_USER_LENGTH);
      await store.transaction(async (tx) => {
        for (const visit of batch.visits) await tx.insert(VISIT_LOG, { ...visit, day: visit.at.slice(0, 10), user, user_id: person.id });
      });
      return ok(c, { count: batch.visits.length });
    },
  );
}
