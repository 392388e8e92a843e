// The layout is drawn in passes, each rendered once the one before is in (the frame, its sidebar
// and the app bar with its menu button and title are there from the first). The console a person
// sees draws its page first, so that the rows are on screen before the rest of the app bar, the
// menu and the list's pagination under the rows fill in, where nothing moves. The rehearsal (src/app/rehearsal.tsx) adds one part a pass,
// its page last: several short holds on the page the person types on instead of a long one, and a
// row drawn means everything is drawn.
import { createContext, startTransition, useContext, useEffect, useMemo, useState } from 'react';

/** 'pagination': a list page's pagination, under its rows (drawn later, it moves nothing above it). */
export type LayoutPart = 'page' | 'appBar' | 'menu' | 'pagination';

const PASSES: Record<'console' | 'rehearsal', LayoutPart[][]> = {
  console: [['page'], ['appBar', 'menu', 'pagination']],
  rehearsal: [[], ['appBar'], ['menu'], ['page', 'pagination']],
};

/** Whether a part of the layout is drawn yet: the layout's passes so far, for the parts inside it. */
export const DrawnContext = createContext<(part: LayoutPart) => boolean>(() => true);

export const useDrawn = (part: LayoutPart): boolean => useContext(DrawnContext)(part);

/** The layout's passes: which parts are drawn so far, moving on a pass after each render. */
export function useLayoutPasses(rehearsal: boolean): (part: LayoutPart) => boolean {
  const passes = PASSES[rehearsal ? 'rehearsal' : 'console'];
  const [pass, setPass] = useState(0);
  useEffect(() => {
    if (pass < passes.length - 1) startTransition(() => setPass(pass + 1));
  }, [pass, passes]);
  // One function a pass: the parts that read it render again when a pass adds something, not with every render of the layout.
  return useMemo(() => {
    const drawn = passes.slice(0, pass + 1).flat();
    return (part: LayoutPart) => drawn.includes(part);
  }, [pass, passes]);
}
