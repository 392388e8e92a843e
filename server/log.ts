// Structured logs (pino): one JSON line per event, readable with `| npx pino-pretty`.
import pino from 'pino';

export const log = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  // Never log what a person typed into a sign-in form or a session token.
  redact: ['password', 'token', 'headers["x-token"]', 'body.password'],
});
export type Log = typeof log;
