// A translator over nested messages, as the console's polyglot provider reads them: a dotted
// key, `%{name}` replaced by an option, `_` the text of a key that has no message.
import type { Translate } from './SignInView';

export type Messages = { [key: string]: string | Messages };

export function translator(messages: Messages): Translate {
  return (key, options = {}) => {
    let found: string | Messages | undefined = messages;
    for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
    const text = typeof found === 'string' ? found : typeof options._ === 'string' ? options._ : key;
    return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
  };
}
