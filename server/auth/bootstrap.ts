// The first start of an empty database: the admin and editor accounts, with the passwords of
// ADMIN_PASSWORD and EDITOR_PASSWORD, or generated ones printed once. There is no default password.
import type { NewAccount, SqlAccounts } from './sql-accounts';
import { generatePassword } from './passwords';

const FIRST_ACCOUNTS: Omit<NewAccount, 'password'>[] = [
  { username: 'admin', roles: ['admin'], name: 'Super Admin', avatar: '/avatar-admin.svg', introduction: 'I am a super administrator', mobile: '' },
  { username: 'editor', roles: ['editor'], name: 'Normal Editor', avatar: '/avatar-editor.svg', introduction: 'I am an editor', mobile: '' },
];

/** Creates the first accounts when there are none; answers the lines to show the person starting it. */
export async function ensureFirstAccounts(accounts: SqlAccounts, env: NodeJS.ProcessEnv): Promise<string[]> {
  if ((await accounts.count()) > 0) return [];
  const lines: string[] = [];
  for (const account of FIRST_ACCOUNTS) {
    const variable = `${account.username.toUpperCase()}_PASSWORD`;
    const given = env[variable];
    if (given !== undefined && given.length < 8) throw new Error(`${variable} must have at least 8 characters.`);
    const password = given ?? generatePassword();
    await accounts.create({ ...account, password });
    lines.push(
      given
        ? `Account "${account.username}" created with the password of ${variable}.`
        : `Account "${account.username}" created with the password ${password} (shown this once; set ${variable} to choose it).`,
    );
  }
  return lines;
}
