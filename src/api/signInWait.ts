// While the sign-in call is under way, the console may already be drawn, hidden, on the page the
// sign-in will open (src/app/drawAhead.tsx). Its calls wait here for the sign-in's answer: sent
// once the token is there, never sent (and never answered) when the sign-in failed and the hidden
// console is thrown away. What acts outside the console (the page's title, the visit log, the
// notice stream) waits too, through `onceSignedIn`: from effects, so that no render reads a state
// that changes while React draws.

let outcome: Promise<boolean> | undefined;
let settle: ((signedIn: boolean) => void) | undefined;

/** From now on, calls wait for `signInAnswered`. */
export function waitForSignIn() {
  outcome ??= new Promise<boolean>((resolve) => (settle = resolve));
}

/** The sign-in answered: what waits goes on (`true`) or is dropped (`false`). Nothing waits from then on. */
export function signInAnswered(signedIn: boolean) {
  settle?.(signedIn);
  outcome = settle = undefined;
}

/** Whether a sign-in is awaited: the console drawn meanwhile is hidden. */
export const awaitingSignIn = (): boolean => outcome !== undefined;

/** Whether a call may go out now: `true` when no sign-in is under way, else the sign-in's outcome to come. */
export const callsMayGo = (): Promise<boolean> | true => outcome ?? true;

/** Settles at once when no sign-in is awaited, else once one succeeded. */
export const signedIn = (): Promise<unknown> => outcome ?? Promise.resolve();

/** Runs `then` now, or once the sign-in under way succeeded (never when it failed); answers a function that cancels it. */
export function onceSignedIn(then: () => void): () => void {
  if (!outcome) {
    then();
    return () => undefined;
  }
  let cancelled = false;
  void outcome.then((signedIn) => signedIn && !cancelled && then());
  return () => {
    cancelled = true;
  };
}
