// The well's stations as a table, one page at a time (a listing may hold ten thousand), with the
// list's Export button writing every station as CSV or Excel with translated headers and units.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { TrajectoryAnswerStation } from '../../../../../kernel/survey/names';
import { PageControls } from '../../../../layout/paging/PageControls';
import { ExportButton } from '../../../list/ExportMenu';
import { type Cell, cellText, formatDate } from '../../../list/exportTable';
import { type ExportFormat, downloadTable } from '../../../list/serialize';
import { STATION_COLUMNS, type StationNames, figureText, stationCells, stationHeader, stationNames, stationTable } from './series';

const SIZES = [50, 100, 200];

/** The names of the columns, units and sources in the reader's language. */
export function useStationNames(): StationNames {
  const translate = useTranslate();
  return useMemo(() => stationNames(translate), [translate]);
}

export function StationTable({ stations, title }: { stations: TrajectoryAnswerStation[]; title: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const names = useStationNames();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(SIZES[0]);
  const [busy, setBusy] = useState(false);
  const shown = stations.slice(page * limit, (page + 1) * limit);
  const number = (value: Cell) => (typeof value === 'number' ? figureText(value, locale) : cellText(value));

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadTable(stationTable(stations, names), title, formatDate(new Date()), format);
      notify('app.list.exported', { type: 'info', messageArgs: { smart_count: stations.length } });
    } catch (error) {
      notify('app.list.export_failed', { type: 'error', messageArgs: { message: error instanceof Error ? error.message : String(error) } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-stations>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {translate('app.trajectory.stations_title')}
        </Typography>
        <ExportButton busy={busy} disabled={stations.length === 0} onExport={(format) => void run(format)} />
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {STATION_COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.key === 'source' ? 'left' : 'right'}
                  sx={{ fontWeight: 600, lineHeight: 1.3, verticalAlign: 'bottom' }}
                >
                  {stationHeader(column, names)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((station) => (
              <TableRow key={`${station.md}:${station.source}:${station.ref}`} hover>
                {stationCells(station, names).map((cell, i) => (
                  <TableCell
                    key={STATION_COLUMNS[i].key}
                    align={typeof cell === 'number' ? 'right' : 'left'}
                    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {number(cell)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PageControls count={stations.length} page={page} limit={limit} sizes={SIZES} onPage={setPage} onLimit={setLimit} />
    </Box>
  );
}
