// react-admin gives a list's handlers (change the sort, the page) anew each time the list's state
// changes, even when what they do stays the same (the list's parameters stored again after a move
// to the next page). A table header or pagination given them draws again, dozens of styled
// components, for nothing. Steady values keep their handlers: the same functions calling the
// latest ones given, so that what shows them draws again only when what they show changes.
import { useLayoutEffect, useRef, useState } from 'react';

type Handler = (...args: never[]) => unknown;

const sameFields = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((field, i) => Object.is(field, b[i]));

/** `value`, the same object while its fields other than functions stay the same; its functions call the latest ones given. */
export function useSteady<T extends object>(value: T): T {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  // One function a handler for the component's life, calling the latest one given.
  const [handler] = useState(() => {
    const made = new Map<string, Handler>();
    return (key: string): Handler => {
      let call = made.get(key);
      if (!call) {
        call = (...args: never[]) => (latest.current[key as keyof T] as Handler)(...args);
        made.set(key, call);
      }
      return call;
    };
  });
  // What the value shows: its keys, and its fields that are not functions.
  const shown = Object.entries(value).flatMap(([key, field]) => (typeof field === 'function' ? [key] : [key, field]));
  const steady = () =>
    Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typeof field === 'function' ? handler(key) : field])) as T;
  const [kept, keep] = useState(() => ({ shown, value: steady() }));
  if (sameFields(kept.shown, shown)) return kept.value;
  // Something shown changed: a new value, kept from this render on.
  const next = { shown, value: steady() };
  keep(next);
  return next.value;
}
