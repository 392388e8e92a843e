// Messages and notifications for one person at a time, kept as records of the `message` and
// `notification` resources (one record per recipient: a message or notification to a role is
// copied to everyone who has it, so each reads and deletes their own copy), and the bus that
// tells the open streams (server/notify/stream.ts) that someone's unread count changed.
//
// Other parts of the server tell people things with `notices.notify(...)` (the app built by
// createApp carries `notices`):
//   await app.notices.notify({ to_role: 'admin', kind: 'job_failed', title_key: 'notify.job_failed.title',
//     text_key: 'notify.job_failed.text', params: { job: 'Backup' }, link: '/setting/system/crontab' });
// The keys are translation keys under i18n/<lang>/app.json, filled in with `params` in each reader's language.
import { MESSAGE, NOTIFICATION, type MessageItem, type NotificationItem, type UnreadCount } from '../../kernel/notify/names';
import type { Translate } from '../http/messages';
import type { NoticeBus } from './bus';
import type { People, Person } from './people';
import type { Condition } from '../../kernel/schema/query';
import type { Row, Store } from '../store/types';

/** Who is told: one account by username, or everyone with a role. */
export type Target = { to_user: string; to_role?: undefined } | { to_role: string; to_user?: undefined };

export type NotifyInput = Target & {
  /** What happened, in one word (`job_failed`, `account_disabled`): lets readers and code tell kinds apart. */
  kind: string;
  title_key: string;
  text_key?: string;
  params?: Record<string, string | number>;
  /** A console path to the screen concerned (`/setting/system/crontab`). */
  link?: string;
  /** A digest's lines, each with its own text and link (kept in the parameters, under `lines`). */
  lines?: NoticeLine[];
};

/** One line of a digest: what it is about, in the reader's language, and where it is. */
export interface NoticeLine {
  text_key: string;
  params: Record<string, string | number>;
  link?: string;
}

export interface Page {
  page: number;
  limit: number;
  unread?: boolean;
}

const NEWEST_FIRST = { field: 'id', order: 'DESC' as const };
const eq = (field: string, value: string | number): Condition => ({ field, op: 'eq', value });

export function createNotices({
  store,
  people,
  bus,
  now = () => new Date(),
}: {
  store: Store;
  people: People;
  bus: NoticeBus;
  now?: () => Date;
}) {
  /** The people a target names: none when the account or the role has nobody. */
  const recipients = async (target: Target): Promise<Person[]> => {
    if (target.to_user !== undefined) {
      const person = await people.find(target.to_user);
      return person ? [person] : [];
    }
    return people.withRole(target.to_role);
  };

  const inbox = (username: string, box: 'in' | 'out') =>
    box === 'in' ? [eq('recipient', username), eq('hidden_in', 0)] : [eq('sender', username), eq('hidden_out', 0)];

  const unread = async (username: string): Promise<UnreadCount> => {
    const [messages, notifications] = await Promise.all([
      store.count(MESSAGE, [...inbox(username, 'in'), eq('read', 0)]),
      store.count(NOTIFICATION, [eq('recipient', username), eq('read', 0)]),
    ]);
    return { count: messages + notifications, messages, notifications };
  };

  /** Sets `read` on the records of `resource` that are the person's own; answers how many changed. */
  const markRead = (resource: string, owner: (row: Row) => boolean, ids: number[] | 'all', mine: Condition[]) =>
    store.transaction(async (tx) => {
      const targets = ids === 'all' ? await tx.findIds(resource, [...mine, eq('read', 0)]) : ids;
      let changed = 0;
      for (const id of targets) {
        const row = await tx.get(resource, id);
        if (!row || !owner(row) || row.read === 1) continue;
        const { id: _id, version: _version, ...fields } = row;
        await tx.update(resource, id, { ...fields, read: 1 }, undefined, { keepVersion: true });
        changed++;
      }
      return changed;
    });

  return {
    recipients,
    unread,
    /** Calls the listener whenever the person's unread count may have changed; answers the unsubscribe. */
    watch(username: string, listener: () => void) {
      return bus.subscribe((usernames) => {
        if (usernames.includes(username)) listener();
      });
    },

    /** Tells the people of the target; answers how many were told. */
    async notify(input: NotifyInput): Promise<number> {
      const people = await recipients(input);
      const created_at = now().toISOString();
      await store.transaction(async (tx) => {
        for (const person of people) {
          await tx.insert(NOTIFICATION, {
            recipient: person.username,
            to_role: input.to_role,
            kind: input.kind,
            title_key: input.title_key,
            text_key: input.text_key,
            params: { ...input.params, ...(input.lines ? { lines: input.lines } : {}) },
            link: input.link,
            read: 0,
            created_at,
          });
        }
      });
      if (people.length > 0) await bus.publish(people.map((p) => p.username));
      return people.length;
    },

    /** Sends a message from one person to the people of the target; answers how many got it. */
    async send(from: Person, target: Target, title: string, content: string | undefined): Promise<number> {
      const people = await recipients(target);
      const created_at = now().toISOString();
      await store.transaction(async (tx) => {
        for (const person of people) {
          await tx.insert(MESSAGE, {
            recipient: person.username,
            recipient_name: person.name,
            to_role: target.to_role,
            sender: from.username,
            sender_name: from.name,
            title,
            content,
            read: 0,
            hidden_in: 0,
            hidden_out: 0,
            created_at,
          });
        }
      });
      if (people.length > 0) await bus.publish(people.map((p) => p.username));
      return people.length;
    },

    async messages(
      username: string,
      box: 'in' | 'out',
      { page, limit, unread: onlyUnread }: Page,
    ): Promise<{ list: MessageItem[]; count: number }> {
      const conditions = [...inbox(username, box), ...(onlyUnread ? [eq('read', 0)] : [])];
      const { rows, total } = await store.list(MESSAGE, { conditions, sort: NEWEST_FIRST, page, limit });
      const list = rows.map((row) => ({
        id: row.id,
        title: String(row.title),
        content: String(row.content ?? ''),
        read: row.read === 1,
        sent: box === 'out',
        sender: String(row.sender),
        sender_name: String(row.sender_name ?? row.sender),
        recipient: String(row.recipient),
        recipient_name: String(row.recipient_name ?? row.recipient),
        ...(row.to_role ? { to_role: String(row.to_role) } : {}),
        created_at: String(row.created_at),
      }));
      return { list, count: total };
    },

    async notifications(
      username: string,
      t: Translate,
      { page, limit, unread: onlyUnread }: Page,
    ): Promise<{ list: NotificationItem[]; count: number }> {
      const conditions = [eq('recipient', username), ...(onlyUnread ? [eq('read', 0)] : [])];
      const { rows, total } = await store.list(NOTIFICATION, { conditions, sort: NEWEST_FIRST, page, limit });
      const list = rows.map((row) => {
        const params = (row.params ?? {}) as Record<string, unknown>;
        return {
          id: row.id,
          kind: String(row.kind),
          title: t(String(row.title_key), params),
          text: row.text_key ? t(String(row.text_key), params) : '',
          ...(row.link ? { link: String(row.link) } : {}),
          ...(Array.isArray(params.lines)
            ? {
                lines: (params.lines as NoticeLine[]).map((line) => ({
                  text: t(line.text_key, line.params),
                  ...(line.link ? { link: line.link } : {}),
                })),
              }
            : {}),
          read: row.read === 1,
          created_at: String(row.created_at),
        };
      });
      return { list, count: total };
    },

    async readMessages(username: string, ids: number[] | 'all') {
      const changed = await markRead(MESSAGE, (row) => row.recipient === username && row.hidden_in !== 1, ids, inbox(username, 'in'));
      if (changed > 0) await bus.publish([username]);
      return changed;
    },

    async readNotifications(username: string, ids: number[] | 'all') {
      const changed = await markRead(NOTIFICATION, (row) => row.recipient === username, ids, [eq('recipient', username)]);
      if (changed > 0) await bus.publish([username]);
      return changed;
    },

    /**
     * Deletes messages from the person's boxes: received ones from the in box, sent ones from the
     * out box; a message goes once neither of its two people keeps it. Answers the ids that are
     * not the person's (nothing is deleted then).
     */
    async deleteMessages(username: string, ids: number[]): Promise<{ notMine: number[] }> {
      const notMine: number[] = [];
      await store.transaction(async (tx) => {
        notMine.length = 0; // PostgreSQL may run the work again
        const rows = await Promise.all(ids.map((id) => tx.get(MESSAGE, id)));
        rows.forEach((row, i) => {
          const mine = row && ((row.recipient === username && row.hidden_in !== 1) || (row.sender === username && row.hidden_out !== 1));
          if (!mine) notMine.push(ids[i]);
        });
        if (notMine.length > 0) return;
        for (const row of rows as Row[]) {
          const { id, version: _version, ...fields } = row;
          const hidden_in = row.recipient === username ? 1 : row.hidden_in;
          const hidden_out = row.sender === username ? 1 : row.hidden_out;
          if (hidden_in === 1 && hidden_out === 1) await tx.remove(MESSAGE, [id]);
          else await tx.update(MESSAGE, id, { ...fields, hidden_in, hidden_out }, undefined, { keepVersion: true });
        }
      });
      if (notMine.length === 0) await bus.publish([username]);
      return { notMine };
    },

    async deleteNotifications(username: string, ids: number[]): Promise<{ notMine: number[] }> {
      const notMine: number[] = [];
      await store.transaction(async (tx) => {
        notMine.length = 0; // PostgreSQL may run the work again
        const rows = await Promise.all(ids.map((id) => tx.get(NOTIFICATION, id)));
        rows.forEach((row, i) => {
          if (row?.recipient !== username) notMine.push(ids[i]);
        });
        if (notMine.length === 0) await tx.remove(NOTIFICATION, ids);
      });
      if (notMine.length === 0) await bus.publish([username]);
      return { notMine };
    },

    close: () => bus.close(),
  };
}

export type Notices = ReturnType<typeof createNotices>;
