// The console's visit queue: it sends a batch once 20 visits wait, sends what waits when asked
// (the timer), never more than the server takes in one call, leaves out visits grown too old for
// the server, drops everything while nobody is signed in, and hands a closing page what waits,
// for the next page to send under the session it was recorded in.
import { describe, expect, it } from 'vitest';
import { VISIT_LIMITS, type Visit } from '../../kernel/history/visits';
import { VISIT_BATCH_SIZE, createVisitQueue } from '../../src/layout/visits/visitQueue';

function setup(signedIn = true) {
  const sent: { visits: Visit[]; session: string }[] = [];
  let clock = new Date('2026-03-01T08:00:00.000Z');
  const session = { signedIn, token: 'first-session' };
  const queue = createVisitQueue({
    send: async (visits, under) => void sent.push({ visits, session: under }),
    session: () => (session.signedIn ? session.token : undefined),
    now: () => clock,
  });
  return { queue, sent, session, advance: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
}

describe('the visit queue', () => {
  it('sends a batch as soon as 20 visits wait, with their paths, titles and times', () => {
    const { queue, sent } = setup();
    for (let i = 0; i < VISIT_BATCH_SIZE - 1; i++) queue.record(`/device/record/${i}`, 'DeviceRecord');
    expect(sent).toEqual([]);
    queue.record('/home');
    expect(sent).toHaveLength(1);
    expect(sent[0].session).toBe('first-session');
    expect(sent[0].visits).toHaveLength(VISIT_BATCH_SIZE);
    expect(sent[0].visits[0]).toEqual({ path: '/device/record/0', title: 'DeviceRecord', at: '2026-03-01T08:00:00.000Z' });
    expect(sent[0].visits[VISIT_BATCH_SIZE - 1]).toEqual({ path: '/home', at: '2026-03-01T08:00:00.000Z' });
    expect(queue.size).toBe(0);
  });

  it('sends what waits when flushed, and nothing when nothing waits', () => {
    const { queue, sent } = setup();
    queue.flush();
    expect(sent).toEqual([]);
    queue.record('/crew/index', 'CrewList');
    queue.flush();
    expect(sent).toEqual([
      { visits: [{ path: '/crew/index', title: 'CrewList', at: '2026-03-01T08:00:00.000Z' }], session: 'first-session' },
    ]);
  });

  it('hands a closing page what waits, which a later page sends under the session it was recorded in', () => {
    const { queue, sent, session } = setup();
    expect(queue.takeAll()).toBeUndefined();
    queue.record('/crew/index', 'CrewList');
    const kept = queue.takeAll();
    expect(kept).toEqual({
      session: 'first-session',
      visits: [{ path: '/crew/index', title: 'CrewList', at: '2026-03-01T08:00:00.000Z' }],
    });
    expect(queue.size).toBe(0);
    expect(sent).toEqual([]);
    session.token = 'second-session';
    queue.sendSaved(kept!);
    expect(sent).toEqual([{ visits: kept!.visits, session: 'first-session' }]);
  });

  it('never sends more than a batch the server takes, and leaves out visits too old for it', () => {
    const { queue, sent, advance } = setup();
    const big = createVisitQueue({
      send: async (visits, under) => void sent.push({ visits, session: under }),
      session: () => 'a-session',
      batchSize: 1000,
    });
    for (let i = 0; i < VISIT_LIMITS.perBatch + 5; i++) big.record(`/p/${i}`);
    big.flush();
    expect(sent.map((batch) => batch.visits.length)).toEqual([VISIT_LIMITS.perBatch, 5]);

    sent.length = 0;
    queue.record('/old');
    advance(VISIT_LIMITS.maxAgeMs);
    queue.record('/new');
    queue.flush();
    expect(sent[0].visits.map((visit) => visit.path)).toEqual(['/new']);
  });

  it('records a screen rendered again as one visit, and again after another screen or in a new session', () => {
    const { queue, sent, session } = setup();
    queue.record('/home', 'Home');
    queue.record('/home', 'Home');
    queue.record('/crew/index', 'CrewList');
    queue.record('/home', 'Home');
    session.token = 'next-session';
    queue.record('/home', 'Home');
    queue.flush();
    expect(sent[0].visits.map((visit) => visit.path)).toEqual(['/home', '/crew/index', '/home', '/home']);
  });

  it('drops visits while nobody is signed in, and a queue whose session ended', () => {
    const { queue, sent, session } = setup(false);
    queue.record('/home');
    expect(queue.size).toBe(0);
    session.signedIn = true;
    queue.record('/home');
    session.signedIn = false;
    queue.flush();
    expect(sent).toEqual([]);
    expect(queue.size).toBe(0);
  });
});
