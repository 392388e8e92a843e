// The sections of a record page, one tab each, in schema order.
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { createElement, useState } from 'react';
import { type RaRecord, useTranslate } from 'react-admin';
import type { RecordSection } from '../../../kernel/schema/types';
import { ChildCollection } from './ChildCollection';
import { findPanel } from './panels';

export interface RecordSectionsProps {
  resource: string;
  record: RaRecord;
  sections: RecordSection[];
}

export function RecordSections({ resource, record, sections }: RecordSectionsProps) {
  const translate = useTranslate();
  const [active, setActive] = useState(0);
  const section = sections[Math.min(active, sections.length - 1)];
  const title = (s: RecordSection) =>
    'resource' in s
      ? translate(`resources.${s.resource}.name`, { smart_count: 2, _: s.resource })
      : translate(findPanel(s.panel)?.title ?? s.panel, { _: s.panel });

  return (
    <Card sx={{ mt: 2 }}>
      <Tabs value={active} onChange={(_event, index: number) => setActive(index)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {sections.map((s, i) => (
          <Tab key={i} label={title(s)} />
        ))}
      </Tabs>
      {'resource' in section ? (
        <ChildCollection key={section.resource} resource={section.resource} parentId={record.id} />
      ) : (
        <PanelSection name={section.panel} resource={resource} record={record} />
      )}
    </Card>
  );
}

function PanelSection({ name, resource, record }: { name: string; resource: string; record: RaRecord }) {
  const translate = useTranslate();
  const panel = findPanel(name);
  if (!panel) return <Typography sx={{ p: 2 }} color="text.secondary">{translate('app.record.no_panel', { name })}</Typography>;
  return createElement(panel.component, { resource, record });
}
