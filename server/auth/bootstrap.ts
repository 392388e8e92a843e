// The first start of an empty database: the admin and editor accounts, with the passwords of
// ADMIN_PASSWORD and EDITOR_PASSWORD, or generated ones printed once. There is no default password.
import { STANDARD_ACCOUNTS } from './accounts';
import type { SqlAccounts } from './sql-accounts';
import { generatePassword } from './passwords';

/** Creates the first accounts when there are none; answers the lines to show the person starting it. */
export async function ensureFirstAccounts(accounts: SqlAccounts, env: NodeJS.ProcessEnv): Promise<string[]> {
  if ((await accounts.count()) > 0) return [];
  const lines: string[] = [];
  for (const [username, profile] of Object.entries(STANDARD_ACCOUNTS)) {
    const account = { ...profile, username, mobile: '' };
    const variable = `${account.username.toUpperCase()}_PASSWORD`;
    const given = env[variable];
    if (given !== undefined && given.length < 8) throw new Error(`${variable} must have at least 8 characters.`);
    const password = given ?? generatePassword();
    await accounts.createFirst({ ...account, password });
    lines.push(
      given
        ? `Account "${account.username}" created with the password of ${variable}.`
        : `Account "${account.username}" created with the password ${password} (shown this once; set ${variable} to choose it).`,
    );
  }
  return lines;
}
