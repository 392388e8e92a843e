// What a new survey listing changes against the one a well has: stations added (a depth the old
// listing lacks), removed (a depth the new one lacks) and changed (the same depth, another
// inclination or azimuth), depths matched within the tolerance stations merge at. Pure.
import { SAME_DEPTH_M } from './minimum-curvature';

import type { ListedStation } from './names';

export type { ListedStation };

export interface ListingChanges {
  added: ListedStation[];
  removed: ListedStation[];
  changed: { md: number; before: ListedStation; after: ListedStation }[];
  unchanged: number;
}

/** Angles agree to this (°): a listing's values written out and read back differ no more. */
const SAME_ANGLE = 1e-6;

const byDepth = (stations: readonly ListedStation[]) => [...stations].sort((a, b) => a.md - b.md);

export function compareListings(before: readonly ListedStation[], after: readonly ListedStation[]): ListingChanges {
  const [old, next] = [byDepth(before), byDepth(after)];
  const out: ListingChanges = { added: [], removed: [], changed: [], unchanged: 0 };
  let i = 0;
  let j = 0;
  while (i < old.length || j < next.length) {
    const [a, b] = [old[i], next[j]];
    if (b === undefined || (a !== undefined && a.md < b.md - SAME_DEPTH_M)) {
      out.removed.push(a);
      i++;
    } else if (a === undefined || b.md < a.md - SAME_DEPTH_M) {
      out.added.push(b);
      j++;
    } else {
      if (Math.abs(a.inc - b.inc) > SAME_ANGLE || Math.abs(a.azi - b.azi) > SAME_ANGLE) out.changed.push({ md: b.md, before: a, after: b });
      else out.unchanged++;
      i++;
      j++;
    }
  }
  return out;
}
