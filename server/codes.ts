// Answer codes of the /dev-api contract. SPEC §7–8 fixes the first five; the rest are ours,
// each with a translated message under server.* in i18n/<lang>/app.json.
export const Code = {
  ok: 20000,
  loginFailed: 60204,
  tokenInvalid: 50008,
  tokenOtherClient: 50012,
  tokenExpired: 50014,
  invalidInput: 40001,
  invalidQuery: 40002,
  forbidden: 40003,
  notFound: 40004,
  conflict: 40009,
  tooManyAttempts: 42900,
  internal: 50000,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];
