// What a refused survey import points at, as lines a person reads under the server's message:
// the line, the column (its position and header as written in the file, or its meaning) and the
// value at fault. Pure, so it is tested without a browser.
import type { ImportRefusal } from '../../../../../kernel/survey/import';

/** The refusal as the import call answers it; every part but the reason is optional. */
export type SurveyRefusal = Partial<Omit<ImportRefusal, 'reason'>> & { reason?: string };

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function refusalDetails(refusal: SurveyRefusal, translate: Translate): string[] {
  const lines: string[] = [];
  if (typeof refusal.line === 'number') lines.push(translate('app.trajectory.refusal.line', { line: refusal.line }));
  const name = refusal.header || (refusal.column ? translate(`app.trajectory.columns.${refusal.column}`) : '');
  if (typeof refusal.columnNumber === 'number')
    lines.push(
      translate(name ? 'app.trajectory.refusal.column_named' : 'app.trajectory.refusal.column', { number: refusal.columnNumber, name }),
    );
  else if (name) lines.push(translate('app.trajectory.refusal.column_only', { name }));
  if (refusal.value !== undefined && refusal.value !== '') lines.push(translate('app.trajectory.refusal.value', { value: refusal.value }));
  return lines;
}
