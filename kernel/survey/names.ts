// The names the console and the server share for a well's trajectory: the record-page panel and
// the shape of what the trajectory and import calls answer (lengths in metres, angles in degrees,
// dogleg severity, build and turn in °/30 m). The calls' paths are the well schema's
// `x-resource.survey` (trajectory, import).

/** The record-page panel that shows a well's trajectory (`{"panel": "trajectory"}`). */
export const TRAJECTORY_PANEL = 'trajectory';

/**
 * Where a station came from: the resource of the record that carries it (the imported listing
 * `survey`, a `daily` report, a `userecord`'s MWD run), or `tieOn` for the well's tie-on point.
 */
export type StationSource = string;

export interface TrajectoryAnswerStation {
  md: number;
  inc: number;
  azi: number;
  tvd: number;
  north: number;
  east: number;
  vs: number;
  closure: number;
  closureAzi: number;
  dls: number;
  build: number;
  turn: number;
  source: StationSource;
  /** The id of the record it came from (the listing, the daily report, the usage record); none for the tie-on. */
  ref?: number;
}

export interface TrajectoryAnswerTotals {
  stations: number;
  md: number;
  tvd: number;
  north: number;
  east: number;
  vs: number;
  closure: number;
  closureAzi: number;
  maxInclination: number;
  maxInclinationMd: number;
  maxDls: number;
  maxDlsMd: number;
  maxClosure: number;
  maxClosureMd: number;
}

export interface WarningStation {
  md: number;
  inc: number;
  azi: number;
  source: string;
  ref?: number;
}

/** Two stations at the same depth: the one kept and the one set aside (from `source`). */
export interface TrajectoryWarning {
  md: number;
  source: string;
  kept: WarningStation;
  dropped: WarningStation;
}

export interface TrajectoryAnswer {
  well: number;
  /** The azimuth the vertical section is projected on (°). */
  vsAzimuth: number;
  tieOn: { md: number; tvd: number; north: number; east: number } | null;
  stations: TrajectoryAnswerStation[];
  totals: TrajectoryAnswerTotals | null;
  warnings: TrajectoryWarning[];
}

/** What a survey import answers when it is taken. */
export interface SurveyImportAnswer {
  kept: number;
  format: 'csv' | 'xlsx';
  warnings: TrajectoryWarning[];
}

export interface ListedStation {
  md: number;
  inc: number;
  azi: number;
}

/** What the preview of an import answers: the stations read, what they change, and what they would revise. */
export interface SurveyPreviewAnswer {
  format: 'csv' | 'xlsx';
  fileName: string;
  stations: ListedStation[];
  warnings: TrajectoryWarning[];
  /** The listing the well has now, or null. */
  current: { fileName: string | null; count: number; importedAt: string | null } | null;
  changes: {
    added: ListedStation[];
    removed: ListedStation[];
    changed: { md: number; before: ListedStation; after: ListedStation }[];
    unchanged: number;
  };
  /** The closed records (submitted daily reports) the import would revise: each kept field, its value and the new one. */
  revises: {
    resource: string;
    id: number;
    label?: unknown;
    parent?: unknown;
    values: { field: string; kept: number | null; now: number | null }[];
  }[];
}

/** The record-page panel that shows a well's anti-collision scan (`{"panel": "clearance"}`). */
export const CLEARANCE_PANEL = 'clearance';

export type SfLevelName = 'stop' | 'caution' | 'clear';

/** One well near the scanned one, as the clearance call answers it (server/survey/clearance.ts). */
export interface ClearanceAnswerOffset {
  id: number;
  name: unknown;
  /** Between the two wellheads (m). */
  wellheadDistance: number;
  /** Which of the two is a sidetrack of the other, scanned below the kick-off only. */
  sidetrack: 'offset' | 'well' | null;
  fromMd: number | null;
  minimum: { sf: number; md: number; offsetMd: number; distance: number; level: SfLevelName } | null;
  /** One value per scanned station, in depth order (null SF: no uncertainty at all). */
  stations: {
    md: number[];
    offsetMd: number[];
    distance: number[];
    ellipseSeparation: number[];
    refPcr: number[];
    offsetPcr: number[];
    sf: (number | null)[];
  };
}

export interface ClearanceAnswer {
  well: number;
  radius: number;
  located: boolean;
  errorModel: { name: string; revision: number; terms: number };
  rule: { k: number; sigmaPa: number; surfaceMargin: number };
  thresholds: { stop: number; caution: number };
  offsets: ClearanceAnswerOffset[];
}
