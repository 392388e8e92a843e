// The latest records of a resource on Home (the latest runs, the latest repairs): newest first,
// a few fields each, the instrument named by its record's representation and linked to its page.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { relativeTime } from '../../format';
import { registry } from '../../../kernel/schema/load-vite';
import { properties } from '../../../kernel/schema/registry';
import { ValueField } from '../generic/ValueField';

/** The latest records of `resource`, newest first by `timeField`, then `fields`. */
export function LatestRecords({
  resource,
  title,
  timeField,
  fields,
}: {
  resource: string;
  title: string;
  timeField: string;
  fields: string[];
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const schema = registry.resources[resource];
  const props = properties(schema);
  const { data, isPending, error } = useGetList(resource, {
    pagination: { page: 1, perPage: 6 },
    sort: { field: timeField, order: 'DESC' },
  });
  const now = new Date();
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  const columns = [timeField, ...fields];
  return (
    <Card sx={{ minWidth: 0 }} data-latest={resource}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {columns.map((field) => (
                  <TableCell key={field} sx={{ whiteSpace: 'nowrap' }}>
                    {label(field)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(isPending || error || data?.length === 0) && (
                <TableRow>
                  <TableCell colSpan={columns.length} sx={{ color: error ? 'error.main' : 'text.secondary' }}>
                    {isPending ? '…' : translate(error ? 'app.home.loading_failed' : 'app.home.nothing_yet')}
                  </TableCell>
                </TableRow>
              )}
              {data?.map((record) => (
                <RecordContextProvider key={record.id} value={record}>
                  <TableRow>
                    {columns.map((field) =>
                      props[field]?.format === 'date-time' ? (
                        // Times read best as how long ago; the exact time is in the tooltip.
                        <TableCell
                          key={field}
                          sx={{ whiteSpace: 'nowrap' }}
                          title={record[field] ? new Date(record[field]).toLocaleString(locale) : ''}
                        >
                          {record[field] ? relativeTime(record[field], now, translate) : '—'}
                        </TableCell>
                      ) : (
                        // Names, numbers and options stay on one line; only texts of several lines wrap.
                        <TableCell
                          key={field}
                          sx={props[field]?.['x-ui']?.multiline ? { minWidth: 160, overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
                        >
                          <ValueField source={field} resource={resource} schema={props[field] ?? {}} withUnit />
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}
