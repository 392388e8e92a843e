// The form a list of field definitions makes, as the person will fill it in, drawn by the same
// component as the real forms and redrawn as the definitions change. Its values stay here: the
// preview is never submitted, and a submit inside it (Enter in a text) does not reach the
// record's own form around it. Fields with problems are left out rather than drawn wrong.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Component, type FormEvent, type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { rulesOf } from '../../../kernel/forms/definitions';
import type { FieldDefinition } from '../../../kernel/forms/types';

const ServerForm = lazy(() => import('../ServerForm'));

/** Shows `fallback` instead of a preview that failed to draw, and tries again once the fields change. */
class PreviewBoundary extends Component<{ resetKey: string; fallback: ReactNode; children: ReactNode }, { failedAt?: string }> {
  state: { failedAt?: string } = {};

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  componentDidCatch() {
    this.setState({ failedAt: this.props.resetKey });
  }

  render() {
    const { failedAt } = this.state;
    if (failedAt !== undefined && (failedAt === '' || failedAt === this.props.resetKey)) return this.props.fallback;
    return this.props.children;
  }
}

/** A submit inside the preview stops here, so the record's form is not saved by it. */
const keepInside = (event: FormEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

export interface DesignerPreviewProps {
  fields: readonly FieldDefinition[];
  /** Positions of the fields that have problems, left out of the preview. */
  leftOut: ReadonlySet<number>;
}

export function DesignerPreview({ fields, leftOut }: DesignerPreviewProps) {
  const translate = useTranslate();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const rules = useMemo(() => rulesOf(fields.filter((_, i) => !leftOut.has(i))), [fields, leftOut]);
  const resetKey = useMemo(() => JSON.stringify(rules), [rules]);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-designer-preview>
      <Typography variant="subtitle2" component="h3">
        {translate('app.designer.preview')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        {translate('app.designer.preview_note')}
      </Typography>
      {leftOut.size > 0 && (
        <Alert severity="info" variant="outlined" sx={{ mb: 1.5, py: 0 }} data-preview-left-out>
          {translate('app.designer.preview_left_out', { smart_count: leftOut.size })}
        </Alert>
      )}
      {rules.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-preview-empty>
          {translate('app.designer.preview_empty')}
        </Typography>
      ) : (
        <Box onSubmit={keepInside}>
          <PreviewBoundary resetKey={resetKey} fallback={<Alert severity="warning">{translate('app.designer.preview_failed')}</Alert>}>
            <Suspense fallback={<LinearProgress />}>
              <ServerForm rules={rules} values={values} onChange={setValues} inline />
            </Suspense>
          </PreviewBoundary>
        </Box>
      )}
    </Paper>
  );
}
