// Header search: fuse.js over every visible titled route, title weight 0.7, path 0.3,
// threshold 0.4; queries cut to 32 characters; in Chinese with pinyin search on, titles are also
// matched by their pinyin (weight 0.3). A title is also found by the other words people use for
// its words (the language's `app.search.synonyms`: 仪器 is searched as 设备 too), as the title itself.
import Fuse from 'fuse.js';
import type { RouteNode } from '../../../kernel/schema/types';
import { joinPath } from '../../../kernel/routes/tree';

export const MAX_PATTERN_LENGTH = 32;
export const THRESHOLD = 0.4;

export interface SearchItem {
  path: string;
  /** Translated titles, outermost first: shown as "Parent > Child". */
  title: string[];
  /** The title in pinyin, when pinyin search is on. */
  pinyinTitle?: string;
  /** The title said with the other words people use for its words, when there are any. */
  alias?: string[];
}

type Translate = (key: string, options?: { _?: string }) => string;

/** Every visible route with a title, with its ancestors' titles; routes with parameters are not places to go. */
export function searchPool(routes: RouteNode[], translate: Translate, base = '/', prefix: string[] = []): SearchItem[] {
  return routes.flatMap((route) => {
    if (route.hidden) return [];
    const path = joinPath(base, route.path);
    const title = route.meta?.title ? [...prefix, translate(`route.${route.meta.title}`, { _: route.meta.title })] : prefix;
    const here: SearchItem[] = route.meta?.title && !path.includes(':') ? [{ path, title }] : [];
    return [...here, ...searchPool(route.children ?? [], translate, path, title)];
  });
}

export function createSearcher(pool: SearchItem[], withPinyin: boolean) {
  const keys = [
    { name: 'title', weight: 0.7 },
    { name: 'alias', weight: 0.7 },
    { name: 'path', weight: 0.3 },
    ...(withPinyin ? [{ name: 'pinyinTitle', weight: 0.3 }] : []),
  ];
  const fuse = new Fuse(pool, { shouldSort: true, threshold: THRESHOLD, location: 0, distance: 100, minMatchCharLength: 1, keys });
  // fuse.js 7 has no maxPatternLength: the cut is ours.
  return (query: string) => fuse.search(query.slice(0, MAX_PATTERN_LENGTH)).map((result) => result.item);
}

/** Adds the pinyin of each title (without tones, no spaces), with pinyin-pro loaded only when asked. */
export async function withPinyin(pool: SearchItem[]): Promise<SearchItem[]> {
  const { pinyin } = await import('pinyin-pro');
  return pool.map((item) => ({
    ...item,
    pinyinTitle: item.title.map((t) => pinyin(t, { toneType: 'none', type: 'array' }).join('')).join(' '),
  }));
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Adds to each title the same title said with other words: `synonyms` lists, separated by ";",
 * a word of the titles and the words people also use for it, "word=other|another" (matched
 * whatever its case).
 */
export function withSynonyms(pool: SearchItem[], synonyms: string): SearchItem[] {
  const pairs = synonyms
    .split(';')
    .map((entry) => entry.split('='))
    .filter((parts): parts is [string, string] => parts.length === 2 && parts[0].trim() !== '')
    .flatMap(([word, others]) =>
      others
        .split('|')
        .map((other) => other.trim())
        .filter(Boolean)
        .map((other) => ({ word: new RegExp(escape(word.trim()), 'giu'), other })),
    );
  return pool.map((item) => {
    const alias = pairs
      .filter(({ word }) => item.title.some((t) => t.search(word) >= 0))
      .map(({ word, other }) => item.title.map((t) => t.replace(word, other)).join(' > '));
    return alias.length ? { ...item, alias } : item;
  });
}
