// The machine name a person would give a field or a template, made from its title as they type
// it: letters without accents, digits and underscores, beginning with a letter, at most 32
// characters ("Tool face (°)" → "tool_face"). Chinese characters are written in pinyin by the
// caller's transliteration, which a screen loads only when it needs it.

/** The longest machine name. */
export const MACHINE_NAME_MAX = 32;

/** Text in Latin letters, given text that may hold Chinese characters. */
export type Latinize = (text: string) => string;

const HAN = /\p{Script=Han}/u;

/** Whether the text holds Chinese characters, which need a transliteration to become a name. */
export const needsLatinizing = (text: string) => HAN.test(text);

/**
 * The machine name of a title, or undefined when nothing of it can be written so (a title in
 * kana alone, or punctuation): the caller keeps the name it had.
 */
export function machineName(title: string, latinize: Latinize = (text) => text): string | undefined {
  const latin = (needsLatinizing(title) ? latinize(title) : title)
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .toLowerCase();
  const words = latin.match(/[a-z0-9]+/g);
  if (!words) return undefined;
  const joined = words.join('_').replace(/^[0-9_]+/, '');
  if (joined === '') return undefined;
  return joined.slice(0, MACHINE_NAME_MAX).replace(/_+$/, '');
}

/** The name, or `<name>_2`, `<name>_3`… (kept within the longest name), the first no other holds (compared without case). */
export function unusedName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${name.slice(0, MACHINE_NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
