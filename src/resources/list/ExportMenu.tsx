// The Export button of a list: a menu of the formats (CSV, Excel); an icon on a phone. The button
// itself (ExportButton) also serves tables that are not lists (a well's survey stations).
import DownloadIcon from '@mui/icons-material/Download';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Button, useListContext, useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../kernel/schema/types';
import type { ExportFormat } from './serialize';
import { type ParentFilter, useExport } from './useExport';

export interface ExportMenuProps {
  resource: string;
  schema: ResourceSchema;
  hide?: string[];
  parent?: ParentFilter;
}

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'app.list.export_csv' },
  { format: 'xlsx', label: 'app.list.export_xlsx' },
];

export function ExportMenu({ resource, schema, hide, parent }: ExportMenuProps) {
  const { total } = useListContext();
  const { busy, run } = useExport(resource, schema, hide, parent);
  return <ExportButton busy={busy} disabled={total === 0} onExport={(format) => void run(format)} />;
}

export interface ExportButtonProps {
  /** An export is being written: the button shows a spinner and takes no click. */
  busy: boolean;
  /** Nothing to export. */
  disabled?: boolean;
  onExport: (format: ExportFormat) => void;
}

/** The Export button and its menu of formats. */
export function ExportButton({ busy, disabled, onExport }: ExportButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const translate = useTranslate();
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    onExport(format);
  };
  return (
    <>
      <Button label="ra.action.export" onClick={(e) => setAnchor(e.currentTarget)} disabled={busy || disabled} aria-haspopup="menu">
        {busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            {translate(label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
