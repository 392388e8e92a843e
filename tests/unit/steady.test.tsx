// @vitest-environment jsdom
// Steady values (src/resources/list/steady.ts): the list's header and pagination draw again when
// what they show changes, not when react-admin hands them the same handlers anew.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSteady } from '../../src/resources/list/steady';

describe('useSteady', () => {
  it('stays the same object while its other fields stay the same, and its handlers call the latest ones given', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook((props: { page: number; setPage: (page: number) => void }) => useSteady(props), {
      initialProps: { page: 1, setPage: (page) => calls.push(`first ${page}`) },
    });
    const first = result.current;
    rerender({ page: 1, setPage: (page) => calls.push(`second ${page}`) });
    expect(result.current).toBe(first);
    result.current.setPage(2);
    expect(calls).toEqual(['second 2']);

    rerender({ page: 2, setPage: (page) => calls.push(`third ${page}`) });
    expect(result.current).not.toBe(first);
    expect(result.current.page).toBe(2);
    // The handler itself is still the same function.
    expect(result.current.setPage).toBe(first.setPage);
    result.current.setPage(3);
    expect(calls).toEqual(['second 2', 'third 3']);
  });

  it('gives a new object when a field comes or goes', () => {
    const { result, rerender } = renderHook((props: Record<string, unknown>) => useSteady(props), {
      initialProps: { page: 1 } as Record<string, unknown>,
    });
    const first = result.current;
    rerender({ page: 1, total: undefined });
    expect(result.current).not.toBe(first);
    expect(Object.keys(result.current)).toEqual(['page', 'total']);
  });
});
