// The wall time the summary reporter prints above its closing line.
import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration, secondsSinceStart } from '../summary-reporter';

describe('the wall time of a test run', () => {
  const event = process.env.npm_lifecycle_event;
  afterEach(() => {
    if (event === undefined) delete process.env.npm_lifecycle_event;
    else process.env.npm_lifecycle_event = event;
  });

  it('reads in seconds under a minute, in minutes and seconds above', () => {
    expect(formatDuration(4.4)).toBe('4 s');
    expect(formatDuration(59.4)).toBe('59 s');
    expect(formatDuration(125)).toBe('2 min 05 s');
    expect(formatDuration(3600)).toBe('60 min 00 s');
  });

  it("counts from this process's start outside npm test", () => {
    delete process.env.npm_lifecycle_event;
    const before = process.uptime();
    const seconds = secondsSinceStart();
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(process.uptime());
  });

  it('counts from the start of the parent process under npm test (here the runner, which began before this worker)', () => {
    process.env.npm_lifecycle_event = 'test';
    expect(secondsSinceStart()).toBeGreaterThan(process.uptime());
  });
});
