// The figures of a run and its failures, as text for the terminal and the test's message.
import type { FuzzReport } from './suite';

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

export function figures(report: FuzzReport): string {
  const sorted = [...report.latencies].sort((a, b) => a - b);
  const codes = [...report.codes]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code} ×${n}`)
    .join(', ');
  const families = [...report.families]
    .sort((a, b) => b[1] - a[1])
    .map(([family, n]) => `${family} ×${n}`)
    .join(', ');
  const seconds = report.ms / 1000;
  return [
    `fuzz: ${report.requests.toLocaleString('en')} requests in ${seconds.toFixed(1)} s (${(report.requests / seconds).toFixed(0)}/s), ${report.properties} properties, ${report.operations.length} operations × ${report.callers.length} callers, FUZZ_SEED=${report.seed}`,
    `  latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${percentile(sorted, 100).toFixed(0)} ms`,
    `  answers: ${codes}`,
    `  families: ${families}`,
    `  document problems: ${report.documentProblems.length}; failed properties: ${report.failures.length}`,
    ...(report.elsewhere.length
      ? [
          `  left out ${report.elsewhere.length} operations of the REST dialect at /api (answers without the envelope, by HTTP status); tests/contract/rest-dialect.test.ts covers them`,
        ]
      : []),
    ...(report.skipped.length
      ? [
          `  skipped ${report.skipped.length} operation × caller pairs that change who may do what (x-changes-access), sent only by callers they refuse; tests/contract/roles.test.ts covers them: ${report.skipped.join(', ')}`,
        ]
      : []),
  ].join('\n');
}

/** Failures grouped by what went wrong (the ✗ lines), most frequent first, each with its first example. */
export function failureSummary(report: FuzzReport): string {
  const groups = new Map<string, string[]>();
  for (const failure of report.failures) {
    const kinds = failure.text
      .split('\n')
      .filter((l) => l.trim().startsWith('✗'))
      .map((l) =>
        l
          .trim()
          .replace(/"[^"]*"/g, '"…"')
          .replace(/\((rows|\d)[^)]*\)/g, '(…)')
          .replace(/\b\d{6,}\b/g, 'N')
          .replace(/\bquery [\w.[\]]+(?=:| must)/g, 'query …')
          .replace(/\bbody(\/[\w-]+)+/g, 'body/…'),
      );
    const key = kinds.join(' | ') || failure.text.split('\n')[0];
    groups.set(key, [...(groups.get(key) ?? []), `${failure.property}\n${failure.text}`]);
  }
  return [...groups]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([kind, examples]) => `● ${kind} — ${examples.length} properties, e.g.\n${examples[0].replace(/^/gm, '    ')}`)
    .join('\n\n');
}
