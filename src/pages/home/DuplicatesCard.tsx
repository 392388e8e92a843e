// Home's card of the records that share values their resource keeps unique (two instruments
// numbered T4773, stored before numbers had to be unique): each shared value with a link to every
// record holding it, until a person gives each its own. Shown only while there are some, for the
// resources whose list the person may open (GET <list path>/duplicates, server/resources/duplicates.ts).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { type DuplicatesAnswer, duplicatesPath } from '../../../kernel/schema/duplicates';
import { registry } from '../../../kernel/schema/load-vite';
import { useApiData } from '../../resources/statistics/useApiData';
import { useLinks } from '../../resources/useLinks';

export function DuplicatesCard() {
  const links = useLinks();
  const sources = Object.entries(registry.resources).flatMap(([resource, schema]) => {
    const path = duplicatesPath(schema);
    return path && links.to(resource, 'list') ? [{ resource, path }] : [];
  });
  return (
    <>
      {sources.map((source) => (
        <Duplicates key={source.resource} {...source} />
      ))}
    </>
  );
}

function Duplicates({ resource, path }: { resource: string; path: string }) {
  const translate = useTranslate();
  const links = useLinks();
  const { data } = useApiData<DuplicatesAnswer>(path);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  const title = translate('app.home.duplicates.title', {
    resource: translate(`resources.${resource}.name`, { smart_count: 2, _: resource }),
  });
  return (
    <Card sx={{ minWidth: 0, mb: 3, borderTop: 3, borderColor: 'error.main' }} data-duplicates={resource}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Chip size="small" color="error" label={items.length} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.home.duplicates.hint')}
        </Typography>
        <List dense disablePadding aria-label={title} sx={{ maxHeight: 360, overflowY: 'auto' }}>
          {items.map((group) => (
            <ListItem
              key={`${group.fields.join()}:${group.ids[0]}`}
              divider
              disableGutters
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}
              data-duplicate={group.name}
            >
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {group.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {translate('app.home.duplicates.held_by', {
                  fields: group.fields.map(label).join(' + '),
                  smart_count: group.ids.length,
                })}
              </Typography>
              {group.ids.map((id) => {
                const to = links.open(resource, id);
                return to ? (
                  <MuiLink key={id} component={Link} to={to}>
                    #{id}
                  </MuiLink>
                ) : (
                  <span key={id}>#{id}</span>
                );
              })}
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
