// The pure parts of the bell: reading a stream event's count, waiting longer after each dropped
// stream, and putting the latest messages and notifications into one list, newest first.
import type { MessageItem, NotificationItem, UnreadCount } from '../../kernel/notify/names';

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** The count an `unread` event carries, or undefined when its data is not one. */
export function parseUnread(data: string): UnreadCount | undefined {
  try {
    const value = JSON.parse(data) as Partial<UnreadCount> | null;
    if (!value || !isCount(value.count) || !isCount(value.messages) || !isCount(value.notifications)) return undefined;
    return { count: value.count, messages: value.messages, notifications: value.notifications };
  } catch {
    return undefined;
  }
}

/** The first wait after a drop, and the longest. */
export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;

/**
 * How long to wait before the attempt-th reconnection (0 for the first): doubling from 1 s up
 * to a minute, each wait drawn between its half and its whole so that many consoles dropped
 * together by a restarting server do not all come back at the same moment.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export type LatestEntry = { kind: 'message'; item: MessageItem } | { kind: 'notification'; item: NotificationItem };

/** The `limit` newest of both lists together (ties: the larger id first). */
export function mergeLatest(messages: MessageItem[], notifications: NotificationItem[], limit: number): LatestEntry[] {
  const entries: LatestEntry[] = [
    ...messages.map((item) => ({ kind: 'message' as const, item })),
    ...notifications.map((item) => ({ kind: 'notification' as const, item })),
  ];
  const time = (entry: LatestEntry) => Date.parse(entry.item.created_at) || 0;
  return entries.sort((a, b) => time(b) - time(a) || b.item.id - a.item.id).slice(0, limit);
}
