// A list drawn ahead of sign-in (src/app/drawAhead.tsx) waits, hidden, for its first page. Instead
// of react-admin's loading skeleton, which the rows' table would replace as a whole (its header,
// its cells, its pagination mounted anew the moment the data comes), it lays out its table with a
// page of blank rows: the data then only fills the cells already there. Blank rows have no text, so
// nothing counts them as shown rows; they are never seen (the console shows once a row has text).
import type { RaRecord } from 'react-admin';

const blanks = new WeakSet<RaRecord>();

/** A page of `count` blank rows (the same page each time for a count, so that the table keeps it). */
export const blankPage = (() => {
  const pages = new Map<number, RaRecord[]>();
  return (count: number): RaRecord[] => {
    let page = pages.get(count);
    if (!page) {
      page = Array.from({ length: count }, (_, place) => {
        const row = { id: `blank-${place}` };
        blanks.add(row);
        return row;
      });
      pages.set(count, page);
    }
    return page;
  };
})();

/** Whether a row is one of the blank rows a list lays out while it waits: its cells stay empty. */
export const isBlankRow = (record: RaRecord): boolean => blanks.has(record);
