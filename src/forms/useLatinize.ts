// Chinese titles become machine names in pinyin: the transliteration (pinyin-pro, large) is
// loaded the first time a form that makes names is opened, and shared by every form after it.
import { useEffect, useState } from 'react';
import type { Latinize } from '../../kernel/forms/machine-name';

let loading: Promise<Latinize> | undefined;
const load = () =>
  (loading ??= import('pinyin-pro').then(
    ({ pinyin }) =>
      (text: string) =>
        pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(' '),
  ));

/** The transliteration into Latin letters, once loaded (undefined until then, and while not `wanted`). */
export function useLatinize(wanted = true): Latinize | undefined {
  const [latinize, setLatinize] = useState<Latinize>();
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    void load().then((found) => mounted && setLatinize(() => found));
    return () => {
      mounted = false;
    };
  }, [wanted]);
  return latinize;
}
