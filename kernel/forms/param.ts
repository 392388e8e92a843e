// The options of a choice field as a person writes them: one `value=>label` per line.
// A value that is a whole number (`1=>Shown`) is kept as a number, as the server stores it.
import type { FormOption } from './types';

export interface ParamProblem {
  /** 1-based, as an editor counts lines. */
  line: number;
  /** A key under `forms.param.` of the translations. */
  reason: 'no_arrow' | 'no_value' | 'no_label' | 'repeated';
}

export interface ParsedParam {
  options: FormOption[];
  problems: ParamProblem[];
}

const WHOLE = /^-?(0|[1-9][0-9]{0,14})$/;

/** The options of `value=>label` lines; blank lines are skipped, each bad line is named. */
export function parseParam(text: string | undefined): ParsedParam {
  const options: FormOption[] = [];
  const problems: ParamProblem[] = [];
  const seen = new Set<string>();
  (text ?? '').split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const arrow = raw.indexOf('=>');
    if (arrow < 0) return problems.push({ line, reason: 'no_arrow' });
    const value = raw.slice(0, arrow).trim();
    const label = raw.slice(arrow + 2).trim();
    if (value === '') return problems.push({ line, reason: 'no_value' });
    if (label === '') return problems.push({ line, reason: 'no_label' });
    if (seen.has(value)) return problems.push({ line, reason: 'repeated' });
    seen.add(value);
    options.push({ value: WHOLE.test(value) ? Number(value) : value, label });
  });
  return { options, problems };
}

/** The lines of options, as `parseParam` reads them back. */
export const formatParam = (options: FormOption[]) => options.map((o) => `${o.value}=>${o.label}`).join('\n');
