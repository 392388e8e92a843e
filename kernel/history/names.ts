// The names the console, the server and the schemas share for the two logs.

/** The resource (schemas/oplog.json) that keeps the operation log. */
export const OPERATION_LOG = 'oplog';
/** The record-page panel of an operation log entry that shows its changes as a diff. */
export const CHANGES_PANEL = 'changes';
/** The page (a route's `component`) of the sign-in log. */
export const LOGIN_LOG_PAGE = 'loginLog';
/** The call that lists sign-in attempts, under /dev-api. */
export const LOGIN_LOG_PATH = '/setting/log/login/list';
/** Why a sign-in was refused: a wrong password, no such account, too many failures, or a disabled account. */
export const LOGIN_REFUSALS = ['password', 'account', 'locked', 'disabled'] as const;
export type LoginRefusal = (typeof LOGIN_REFUSALS)[number];
