// The bell's pure parts: the count a stream event carries, the growing wait between
// reconnections, the latest messages and notifications merged newest first, and the listener
// that reconnects a dropped stream (on a fake EventSource and fake timers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageItem, NotificationItem, UnreadCount } from '../../kernel/notify/names';
import { STREAM_EVENTS, listenToUnread } from '../../src/notices/listen';
import { RECONNECT_FIRST_MS, RECONNECT_MAX_MS, mergeLatest, parseUnread, reconnectDelay } from '../../src/notices/unread';

describe('parseUnread', () => {
  it('reads a count of whole numbers of 0 or more', () => {
    expect(parseUnread('{"count":3,"messages":1,"notifications":2}')).toEqual({ count: 3, messages: 1, notifications: 2 });
    expect(parseUnread('{"count":0,"messages":0,"notifications":0,"extra":true}')).toEqual({ count: 0, messages: 0, notifications: 0 });
  });

  it('refuses anything else', () => {
    for (const data of [
      '',
      'not json',
      'null',
      '[]',
      '{"count":1}',
      '{"count":-1,"messages":0,"notifications":0}',
      '{"count":1.5,"messages":0,"notifications":0}',
      '{"count":"1","messages":0,"notifications":0}',
    ]) {
      expect(parseUnread(data), data).toBeUndefined();
    }
  });
});

describe('reconnectDelay', () => {
  it('doubles from the first wait up to the longest, between half and the whole of each step', () => {
    const low = (attempt: number) => reconnectDelay(attempt, () => 0);
    const high = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect(high(0)).toBe(RECONNECT_FIRST_MS);
    expect(low(0)).toBe(RECONNECT_FIRST_MS / 2);
    for (let attempt = 1; attempt < 30; attempt++) {
      expect(high(attempt)).toBeGreaterThanOrEqual(high(attempt - 1));
      expect(high(attempt)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
      expect(low(attempt)).toBe(high(attempt) / 2);
    }
    expect(high(3)).toBe(8 * RECONNECT_FIRST_MS);
    expect(high(29)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(-5, () => 1)).toBe(RECONNECT_FIRST_MS);
  });
});

describe('mergeLatest', () => {
  const message = (id: number, at: string): MessageItem => ({
    id,
    title: `m${id}`,
    content: '',
    read: false,
    sent: false,
    sender: 'a',
    sender_name: 'A',
    recipient: 'b',
    recipient_name: 'B',
    created_at: at,
  });
  const notification = (id: number, at: string): NotificationItem => ({
    id,
    kind: 'k',
    title: `n${id}`,
    text: '',
    read: false,
    created_at: at,
  });

  it('puts both lists together, newest first, ties by the larger id, cut to the limit', () => {
    const merged = mergeLatest(
      [message(1, '2026-01-01T10:00:00Z'), message(2, '2026-01-03T10:00:00Z')],
      [notification(7, '2026-01-02T10:00:00Z'), notification(9, '2026-01-03T10:00:00Z'), notification(3, '2025-12-31T10:00:00Z')],
      4,
    );
    expect(merged.map((e) => `${e.kind}:${e.item.id}`)).toEqual(['notification:9', 'message:2', 'notification:7', 'message:1']);
    expect(mergeLatest([], [], 5)).toEqual([]);
  });
});

/** An EventSource that the test drives. */
class FakeSource {
  static made: FakeSource[] = [];
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

describe('listenToUnread', () => {
  let counts: UnreadCount[];
  let token: string | undefined;
  const listen = () =>
    listenToUnread({ token: () => token, onCount: (c) => counts.push(c), open: (url) => new FakeSource(url) as unknown as EventSource });
  const last = () => FakeSource.made[FakeSource.made.length - 1];

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
    counts = [];
    token = 'abc+/=';
  });
  afterEach(() => vi.useRealTimers());

  it('opens the stream with the token, and hands on each count', () => {
    listen();
    expect(FakeSource.made).toHaveLength(1);
    expect(last().url).toBe('/dev-api/notification/stream?token=abc%2B%2F%3D');
    last().emit(STREAM_EVENTS.unread, '{"count":2,"messages":1,"notifications":1}');
    last().emit(STREAM_EVENTS.unread, 'garbage');
    expect(counts).toEqual([{ count: 2, messages: 1, notifications: 1 }]);
  });

  it('reconnects a dropped stream after waits that grow, and back to the first wait once a count came', () => {
    listen();
    last().onerror!();
    expect(FakeSource.made[0].closed).toBe(true);
    vi.advanceTimersByTime(RECONNECT_FIRST_MS);
    expect(FakeSource.made).toHaveLength(2);
    last().onerror!();
    vi.advanceTimersByTime(RECONNECT_FIRST_MS); // the second wait is 1 to 2 s
    vi.advanceTimersByTime(RECONNECT_FIRST_MS);
    expect(FakeSource.made).toHaveLength(3);
    last().onerror!();
    vi.advanceTimersByTime(RECONNECT_FIRST_MS - 1); // the third is at least 2 s
    expect(FakeSource.made).toHaveLength(3);
    vi.advanceTimersByTime(4 * RECONNECT_FIRST_MS);
    expect(FakeSource.made).toHaveLength(4);
    last().emit(STREAM_EVENTS.unread, '{"count":0,"messages":0,"notifications":0}');
    last().onerror!();
    vi.advanceTimersByTime(RECONNECT_FIRST_MS);
    expect(FakeSource.made).toHaveLength(5);
  });

  it('stops for good when the session ends, when stopped, or without a token', () => {
    listen();
    last().emit(STREAM_EVENTS.ended, 'expired');
    expect(last().closed).toBe(true);
    last().onerror!();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(FakeSource.made).toHaveLength(1);

    const stop = listen();
    last().onerror!();
    stop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(FakeSource.made).toHaveLength(2);

    listen();
    token = undefined;
    last().onerror!();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(FakeSource.made).toHaveLength(3);
    expect(last().closed).toBe(true);
  });
});

describe('the roles a message may be sent to', () => {
  it('are every role the route tree and the schemas name, and admin', async () => {
    const { loadRegistry } = await import('../../kernel/schema/load-node');
    const { knownRoles: consoleRoles } = await import('../../kernel/routes/roles');
    const registry = loadRegistry();
    // One function serves both: the server checks a message's role against the same list.
    expect(consoleRoles(registry)).toContain('admin');
    // A role only a route names counts too.
    expect(consoleRoles({ resources: {}, routes: [{ path: '/x', meta: { title: 'X', roles: ['auditor'] } }] })).toEqual([
      'admin',
      'auditor',
    ]);
  });
});
