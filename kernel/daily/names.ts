// What the console and the server agree on about a well's daily-report figures: the call, its
// answer, and the record page panel that draws it.

/** GET `?id=<well>`: the well's figures from its daily reports. */
export const DAILY_CHARTS_PATH = '/project/daily/charts';

/** The panel of the well's record page (`{"panel": "dailyLog"}`). */
export const DAILY_LOG_PANEL = 'dailyLog';

/** Hours of non-productive time under one key (a category, a cause); null: not given. */
export interface NptBucket {
  key: string | null;
  hours: number;
}

export interface DailyCharts {
  /** The well's planned total depth, m. */
  designDepth: number | null;
  /** The current depth of each report that gives one, in the order of their days. */
  depth: { day: string; depth: number }[];
  nptHours: number;
  byCategory: NptBucket[];
  byCause: NptBucket[];
}
