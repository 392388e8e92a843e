// The console rendered once ahead of sign-in, off screen, so that the real one renders warm
// (src/app/rehearsal.tsx). Inside the rehearsal the person's info is a stand-in, and the parts of
// the console that reach outside its own tree (the server, the page's title, the progress bar, the
// open tags, the visit log, a notice waiting to be shown) stay quiet: they ask this context.
import { createContext, useContext } from 'react';
import type { UserInfo } from '../../kernel/contract/user-info';

/** The stand-in info inside the rehearsal; undefined in the console a person sees. */
export const RehearsalContext = createContext<UserInfo | undefined>(undefined);

/** Whether this tree is the rehearsal rather than the console a person sees. */
export const useRehearsal = (): boolean => useContext(RehearsalContext) !== undefined;
