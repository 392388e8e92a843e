// Whether a value is given, decided once for the console, the server and every store: a field that
// is absent, `null` or the empty text holds no value.

/** Whether a value is not given: absent, `null` or `""`. */
export const notGiven = (value: unknown): value is undefined | null | '' => value === undefined || value === null || value === '';

/** Whether a filter's value asks for nothing: not given, or an empty list. */
export const emptyFilter = (value: unknown) => notGiven(value) || (Array.isArray(value) && value.length === 0);
