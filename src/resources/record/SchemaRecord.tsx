// The record page of any resource (`resource:<name>:record`): a summary card of the fields its
// schema names, an Edit button, then its sections in schema order, each a tab: a child
// collection's list, or a panel registered by name. The record is the one the route's last
// parameter names; a child record's page is titled with its parent too ("Su53-78H · Trip 3").
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  type Identifier,
  ShowBase,
  Title,
  useGetOne,
  useGetRecordRepresentation,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { useRecordRoute, useRecordRouteId } from '../../routes/useRecordRouteId';
import { QUIET_RECORD_QUERY, RecordNotFound, ShowUnavailable } from '../RecordUnavailable';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { EditLinkButton } from '../generic/ViewButtons';
import { SummaryGrid } from '../generic/SummaryGrid';
import { useSchema } from '../generic/useSchema';
import { RecordSections } from './RecordSections';
import { HistoryButton } from './history/HistoryButton';
import { RecordPdfButtons } from '../pdf/RecordPdfButtons';
import { momentRepresentation } from './representationText';
import { useRefreshChanged } from './useRefreshChanged';

export function SchemaRecord() {
  const { resource } = useSchema();
  const id = useRecordRouteId();
  return (
    <ShowBase
      resource={resource}
      id={id}
      loading={<LinearProgress sx={{ mt: 2 }} />}
      error={<ShowUnavailable />}
      queryOptions={QUIET_RECORD_QUERY}
    >
      <RecordPage />
    </ShowBase>
  );
}

function RecordPage() {
  const { resource, schema } = useSchema();
  const record = useRecordContext();
  const routeTitle = useRouteTitle();
  const representation = useRecordHeading(resource, record);
  const spec = schema['x-resource'].record;
  // The summary follows what a write in a tab changed (an instrument's hours after a run is added).
  useRefreshChanged();
  const { ancestors } = useRecordRoute();
  if (!record) return null;
  // A child's page under its parent's (a trip under its well): the record must be that parent's.
  const parent = schema['x-resource'].parent;
  if (parent && ancestors.length > 0 && String(record[parent.field]) !== ancestors[ancestors.length - 1])
    return <RecordNotFound resource={resource} />;
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      {/* The phone's top bar names the record; the route's title is in its tag and breadcrumb. */}
      <Title title={representation || routeTitle} />
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 8rem' }}>
              {representation}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, flexShrink: 0 }}>
              <RecordPdfButtons resource={resource} id={record.id} />
              <HistoryButton resource={resource} id={record.id} />
              <EditLinkButton />
            </Box>
          </Box>
          <SummaryGrid resource={resource} schema={schema} paths={spec?.summary ?? []} />
        </CardContent>
      </Card>
      {/* Another record (or another resource's page) opens on its first tab, not on the tab the last one showed. */}
      {spec && spec.sections.length > 0 && (
        <RecordSections key={`${resource}:${record.id}`} resource={resource} record={record} sections={spec.sections} />
      )}
    </Box>
  );
}

/**
 * How the page names its record: its representation; for a child collection's record, after its
 * parent's and with its kind, as a trip number alone says little ("Su53-78H · Trip 3").
 */
function useRecordHeading(resource: string, record: ReturnType<typeof useRecordContext>): string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const represented = String(useGetRecordRepresentation(resource)(record) ?? '');
  const own = momentRepresentation(registry.resources[resource], record, locale) ?? represented;
  const parent = registry.resources[resource]?.['x-resource'].parent;
  const parentId = parent && record ? (record[parent.field] as Identifier | undefined) : undefined;
  const { data: parentRecord } = useGetOne(parent?.resource ?? resource, { id: parentId ?? '' }, { enabled: Boolean(parent && parentId) });
  const parentName = String(useGetRecordRepresentation(parent?.resource ?? resource)(parentRecord) ?? '');
  if (!parent) return own;
  const kind = translate(`resources.${resource}.name`, { smart_count: 1, _: resource });
  return [parentRecord ? parentName : '', `${kind} ${own}`].filter(Boolean).join(' · ');
}
