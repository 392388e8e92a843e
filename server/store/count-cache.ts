// How many records meet a list's conditions, remembered per resource and condition set, so that
// a list request runs its page query alone. Every write to a resource forgets that resource's
// counts; a count is only remembered when no write to its resource ended while it was being
// worked out (a generation number per resource tells), so a count answered from here is never
// one that a write committed in this process has changed. Writes of other processes reach it
// through `changedElsewhere` (SQLite) or `forget` called by a database notification (PostgreSQL).

/** Condition sets remembered per resource; the oldest is dropped beyond this. */
const PER_RESOURCE = 256;

export class CountCache {
  private counts = new Map<string, Map<string, number>>();
  private generations = new Map<string, number>();
  /** Writes begun and not ended, per resource: meanwhile its counts are neither answered nor kept. */
  private writes = new Map<string, number>();
  /** Bumped by `forgetAll`: a count begun before it is not kept. */
  private epoch = 0;
  /** How many counts were answered from here (tests read it to know the cache was used). */
  hits = 0;
  /** Off while writes of other instances could go unheard (PostgreSQL listener not connected). */
  private on: boolean;

  /**
   * `changedElsewhere` answers whether another process may have written since it was last
   * asked (SQLite's `data_version`); it is asked before every look-up.
   */
  constructor(
    private changedElsewhere?: () => boolean,
    on = true,
  ) {
    this.on = on;
  }

  /** The count remembered for these conditions, if any. */
  lookup(resource: string, key: string): number | undefined {
    if (!this.on) return undefined;
    if (this.changedElsewhere?.()) this.forgetAll();
    if (this.writes.has(resource)) return undefined;
    const count = this.counts.get(resource)?.get(key);
    if (count !== undefined) this.hits++;
    return count;
  }

  /** Taken before a count is worked out, handed back to `remember` with its result. */
  ticket(resource: string): number {
    return this.epoch * 0x100000000 + (this.generations.get(resource) ?? 0);
  }

  /**
   * The tickets of several resources, for a value made from all of them (a well's trajectory);
   * none when such a value must be worked out afresh (remembering off, or a write under way).
   */
  tickets(resources: readonly string[]): number[] | undefined {
    if (!this.on) return undefined;
    if (this.changedElsewhere?.()) this.forgetAll();
    if (resources.some((resource) => this.writes.has(resource))) return undefined;
    return resources.map((resource) => this.ticket(resource));
  }

  /** Keeps a count worked out since `ticket`, unless a write to the resource ended meanwhile. */
  remember(resource: string, key: string, ticket: number, count: number) {
    if (!this.on || ticket !== this.ticket(resource) || this.writes.has(resource)) return;
    let counts = this.counts.get(resource);
    if (!counts) this.counts.set(resource, (counts = new Map()));
    if (counts.size >= PER_RESOURCE && !counts.has(key)) counts.delete(counts.keys().next().value!);
    counts.set(key, count);
  }

  /** A write to the resource begins: until it ends, its counts come from the database. */
  begin(resource: string) {
    this.writes.set(resource, (this.writes.get(resource) ?? 0) + 1);
    this.forget(resource);
  }

  /** The write ended, committed or not: counts worked out from now on may be kept. */
  end(resource: string) {
    const left = (this.writes.get(resource) ?? 1) - 1;
    if (left > 0) this.writes.set(resource, left);
    else this.writes.delete(resource);
    this.forget(resource);
  }

  /** A write to the resource ended (or may have): its counts are forgotten, and counts under way are not kept. */
  forget(resource: string) {
    this.generations.set(resource, ((this.generations.get(resource) ?? 0) + 1) % 0x100000000);
    this.counts.delete(resource);
  }

  forgetAll() {
    this.epoch++;
    this.counts.clear();
  }

  /** Turns remembering on or off; either way, what was remembered is forgotten. */
  enable(on: boolean) {
    this.on = on;
    this.forgetAll();
  }

  get enabled() {
    return this.on;
  }
}
