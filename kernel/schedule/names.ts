// The fields a scheduled job and a run of it have, by the names the server writes them under
// (the job fields of the wire contract, and ours for the results), and the record-page panel that runs
// a job at once. The schema check holds a resource with `x-resource.schedule` to these.

/** The panel of a job's record page: run it now, switch it on or off. */
export const JOB_CONTROLS_PANEL = 'jobControls';

/** Fields of the job the scheduler reads and writes. */
export const JOB_FIELDS = {
  mark: 'mark',
  lastRun: 'last_execution_time',
  nextRun: 'next_execution_time',
  lastResult: 'last_result',
  lastMessage: 'last_message',
} as const;

/** Fields of a run, kept in the child collection `x-resource.schedule.runs`. */
export const RUN_FIELDS = {
  trigger: 'trigger',
  startedAt: 'started_at',
  endedAt: 'ended_at',
  result: 'result',
  /** How many items the work handled (uploads removed, records pruned). */
  count: 'count',
  message: 'message',
  by: 'by',
} as const;

/** How a run ended, as `last_result` and a run's `result` hold it. */
export const RUN_RESULTS = ['ok', 'failed'] as const;
export type RunResult = (typeof RUN_RESULTS)[number];

/** Why a run happened: its time came, or a person asked. */
export type RunTrigger = 'schedule' | 'manual';
