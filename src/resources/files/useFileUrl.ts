// Where the browser may load a stored file from. The real server serves it at its URL; the
// in-browser mock answers only the console's own calls (fetch), not an <img> or <iframe>, so
// there the file is fetched once and shown from an object URL. Stored files never change, so
// each is fetched once per page.
import { useEffect, useState } from 'react';

const isMock = import.meta.env.VITE_MOCK === 'true';
const loaded = new Map<string, Promise<string>>();

function objectUrl(url: string): Promise<string> {
  let found = loaded.get(url);
  if (!found) {
    found = fetch(url).then(async (response) => URL.createObjectURL(await response.blob()));
    loaded.set(url, found);
  }
  return found;
}

/** The URL to give an <img>, <iframe> or download link for a stored file's URL. */
export function useFileUrl(url: string | undefined): string | undefined {
  const [local, setLocal] = useState<{ for: string; url: string } | undefined>();
  useEffect(() => {
    if (!isMock || !url) return;
    let live = true;
    void objectUrl(url).then((made) => live && setLocal({ for: url, url: made }));
    return () => {
      live = false;
    };
  }, [url]);
  if (!isMock) return url;
  return local && local.for === url ? local.url : undefined;
}
