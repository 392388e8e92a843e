// The record page of any resource (`resource:<name>:record`): a summary card of the fields its
// schema names, an Edit button, then its sections in schema order, each a tab: a child
// collection's list, or a panel registered by name.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ShowBase, Title, useGetRecordRepresentation, useRecordContext } from 'react-admin';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { EditLinkButton } from '../generic/ViewButtons';
import { SummaryGrid } from '../generic/SummaryGrid';
import { useSchema } from '../generic/useSchema';
import { RecordSections } from './RecordSections';

export function SchemaRecord() {
  const { resource } = useSchema();
  return (
    <ShowBase resource={resource} loading={<LinearProgress sx={{ mt: 2 }} />}>
      <RecordPage />
    </ShowBase>
  );
}

function RecordPage() {
  const { resource, schema } = useSchema();
  const record = useRecordContext();
  const routeTitle = useRouteTitle();
  const representation = String(useGetRecordRepresentation(resource)(record) ?? '');
  const spec = schema['x-resource'].record;
  if (!record) return null;
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      {/* The phone's top bar names the record; the route's title is in its tag and breadcrumb. */}
      <Title title={representation || routeTitle} />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {representation}
            </Typography>
            <EditLinkButton />
          </Box>
          <SummaryGrid resource={resource} schema={schema} paths={spec?.summary ?? []} />
        </CardContent>
      </Card>
      {spec && spec.sections.length > 0 && <RecordSections resource={resource} record={record} sections={spec.sections} />}
    </Box>
  );
}
