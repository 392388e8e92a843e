// Home's card of the people's certificates that have expired or expire within the window their
// date field's `x-ui.expiry` gives (30 days), soonest first: whose (linked to the person's page),
// which, and when. Read from the certificates' own list, filtered by its expiry bound.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useGetList, useTranslate } from 'react-admin';
import { expiryWindow } from '../../../kernel/schema/statistics';
import { registry } from '../../../kernel/schema/load-vite';
import { expiryState } from '../../resources/generic/ExpiryValue';
import { ValueField } from '../../resources/generic/ValueField';
import { useLinks } from '../../resources/useLinks';

/** The certificates' resource, the date field that expires and the filter bounding it, as the schemas say. */
function expiringSource() {
  for (const [resource, schema] of Object.entries(registry.resources)) {
    const owner = schema['x-resource'].parent;
    for (const filter of schema['x-resource'].filters) {
      const days = schema.properties?.[filter.field]?.['x-ui']?.expiry;
      if (owner && days && filter.op === 'lte') return { resource, owner, field: filter.field, param: filter.param, days };
    }
  }
  return undefined;
}

/** Shown to those who may see the owners' list (the people). */
export function CertificatesCard() {
  const links = useLinks();
  const source = expiringSource();
  return source && links.to(source.owner.resource, 'list') ? <ExpiringList source={source} /> : null;
}

function ExpiringList({ source }: { source: NonNullable<ReturnType<typeof expiringSource>> }) {
  const translate = useTranslate();
  const { resource, owner, field, param, days } = source;
  const { to } = expiryWindow(new Date(), days);
  const {
    data = [],
    total,
    isPending,
    error,
  } = useGetList(resource, {
    filter: { [param]: to },
    sort: { field, order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  const schema = registry.resources[resource];
  const fieldSchema = (path: string) => schema.properties?.[path] ?? {};
  const kind = schema['x-resource'].recordRepresentation;
  const enumField = Object.entries(schema.properties ?? {}).find(([, prop]) => prop.enum)?.[0] ?? kind;
  const title = translate('app.home.certificates');
  const expired = data.filter(
    (row) => typeof row[field] === 'string' && expiryState(row[field] as string, days).state === 'expired',
  ).length;
  return (
    <Card sx={{ minWidth: 0, mb: 3 }} data-expiring-certificates>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {(total ?? 0) > 0 && <Chip size="small" color={expired > 0 ? 'error' : 'warning'} label={total} data-certificates-count />}
        </Box>
        {isPending ? (
          <Typography color="text.secondary">…</Typography>
        ) : error ? (
          <Typography color="error">{translate('app.home.loading_failed')}</Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.home.certificates_none')}</Typography>
        ) : (
          <List dense disablePadding aria-label={title} sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {data.map((row) => (
              <RecordContextProvider key={row.id} value={row}>
                <ListItem
                  divider
                  disableGutters
                  sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '1.2fr 1fr 1.4fr' }, alignItems: 'center' }}
                  data-certificate={row.id}
                >
                  <Box sx={{ fontWeight: 600, minWidth: 0 }}>
                    <ValueField source={owner.field} resource={resource} schema={fieldSchema(owner.field)} />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <ValueField source={enumField} resource={resource} schema={fieldSchema(enumField)} />
                  </Box>
                  <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                    <ValueField source={field} resource={resource} schema={fieldSchema(field)} />
                  </Box>
                </ListItem>
              </RecordContextProvider>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
