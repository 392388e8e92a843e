// The frame around the first page (the menu's entries, the app bar's tools) is drawn just after
// the page rather than with it: on the first screen after sign-in, the page's rows come first.
// The frame's second pass is a transition: an update of the page (its data arriving) goes ahead
// of it, and it draws as soon as the page's own work is done.
import { startTransition, useEffect, useState } from 'react';

/** False on the first render, true just after (as a transition); stays true for the component's life. */
export function useDrawnAfterContent(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}
