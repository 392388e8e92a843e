// Fields of the record in context, each under its label, with units, option labels and
// references: the summary of a record page, and every field of a detail page.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { field } from '../../../kernel/schema/registry';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { useLabels } from './useLabels';
import { ValueField } from './ValueField';

export function SummaryGrid({ resource, schema, paths }: { resource: string; schema: ResourceSchema; paths: string[] }) {
  const labels = useLabels(resource);
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        gap: 2,
      }}
    >
      {paths.map((path) => (
        <Box key={path} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {labels.field(path)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            <ValueField source={path} resource={resource} schema={field(schema, path)?.schema ?? {}} withUnit />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
