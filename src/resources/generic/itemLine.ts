// How one item of a list field reads on a line, in forms and in lists alike.

/** "Size: 147 mm, 215.9 mm": the item's first value, then the others. */
export function itemLine(item: unknown): string {
  if (item === null || typeof item !== 'object') return String(item ?? '');
  const [first, ...rest] = Object.values(item as Record<string, unknown>).map((v) => (Array.isArray(v) ? v.join(', ') : String(v ?? '')));
  return rest.length ? `${first}: ${rest.join(' · ')}` : (first ?? '');
}
