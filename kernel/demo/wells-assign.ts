// Who and what goes to which demo well, and when: instruments are on one well at a time (their
// stays never overlap), people preferably so. A stay still running has no end.
import type { Faker } from '@faker-js/faker';

export interface Stay {
  member: number;
  from: number;
  /** Undefined while it runs (a current assignment). */
  to?: number;
}

/** The stays of each member, to pick those free over a time span. */
export class Roster {
  private stays = new Map<number, Stay[]>();

  free(member: number, from: number, to = Infinity): boolean {
    return (this.stays.get(member) ?? []).every((stay) => (stay.to ?? Infinity) <= from || stay.from >= to);
  }

  take(member: number, from: number, to?: number): Stay {
    const stay = { member, from, to };
    this.stays.set(member, [...(this.stays.get(member) ?? []), stay]);
    return stay;
  }

  /**
   * Up to `count` members free from `from` to `to` (undefined: from then on), the `preferred`
   * ones first, the others after; with `anyway`, busy members make up what the free ones lack.
   */
  pick(
    random: Faker,
    candidates: readonly number[],
    count: number,
    from: number,
    to?: number,
    options: { preferred?: (id: number) => boolean; anyway?: boolean } = {},
  ): Stay[] {
    const free = random.helpers.shuffle(candidates.filter((id) => this.free(id, from, to)));
    const preferred = options.preferred ?? (() => false);
    const ranked = [...free.filter(preferred), ...free.filter((id) => !preferred(id))];
    if (options.anyway) ranked.push(...random.helpers.shuffle(candidates.filter((id) => !free.includes(id))));
    return ranked.slice(0, count).map((id) => this.take(id, from, to));
  }
}
