// The checks a new password passes in the browser before it is sent, the same the server makes
// (8 to 128 characters, not the current one), each failure as a translation key by field.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export interface PasswordChange {
  old: string;
  new: string;
  repeat: string;
}

export type PasswordProblems = Partial<Record<keyof PasswordChange, string>>;

/** A new password's own problem (length), as a translation key, or undefined. */
export function newPasswordProblem(value: string): string | undefined {
  if (!value) return 'ra.validation.required';
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) return 'app.password.length';
  return undefined;
}

/** What is wrong with a change of one's own password; `withOld` false when no current password is asked (a reset by an admin). */
export function passwordProblems(values: PasswordChange, withOld = true): PasswordProblems {
  const problems: PasswordProblems = {};
  if (withOld && !values.old) problems.old = 'ra.validation.required';
  const fresh = newPasswordProblem(values.new);
  if (fresh) problems.new = fresh;
  else if (withOld && values.new === values.old) problems.new = 'app.password.same';
  if (!problems.new && values.repeat !== values.new) problems.repeat = 'app.password.mismatch';
  return problems;
}
