// A build step: `virtual:sign-in-messages/<language>` is the part of i18n/<language>/app.json the
// sign-in page shows, and nothing more, so that the page's first load carries a few hundred
// bytes of messages instead of the whole console's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The message keys (or groups of keys) the sign-in page reads. */
export const SIGN_IN_KEYS = ['app.title', 'app.login', 'app.http', 'app.navbar.language', 'app.layout.language_switched', 'route.Login'];

const PREFIX = 'virtual:sign-in-messages/';
const RESOLVED = `\0${PREFIX}`;

type Tree = { [key: string]: string | Tree };

/** The keys of `all` that `keys` name, in the same nesting. */
export function pickMessages(all: Tree, keys: string[]): Tree {
  const out: Tree = {};
  for (const key of keys) {
    const path = key.split('.');
    let from: string | Tree | undefined = all;
    for (const part of path) from = typeof from === 'object' ? from[part] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const part of path.slice(0, -1)) to = (to[part] ??= {}) as Tree;
    to[path[path.length - 1]] = from;
  }
  return out;
}

export function signInMessages(root: string): Plugin {
  return {
    name: 'sign-in-messages',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const language = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`sign-in messages: no language ${language}`);
      const file = join(root, 'i18n', language, 'app.json');
      this.addWatchFile(file);
      return `export default ${JSON.stringify(pickMessages(JSON.parse(readFileSync(file, 'utf8')) as Tree, SIGN_IN_KEYS))};`;
    },
  };
}
