// The sections of a record page, one tab each, in schema order: a child collection (an
// assignment collection gets its assign tab), the records of another resource that refer to
// this one (`via`, read-only), or a panel.
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { createElement, useState } from 'react';
import { type RaRecord, useTranslate } from 'react-admin';
import type { RecordSection } from '../../../kernel/schema/types';
import { registry } from '../../../kernel/schema/load-vite';
import { AssignCollection } from '../assign/AssignCollection';
import { ChildCollection } from './ChildCollection';
import { findPanel } from './panels';
import { ViaCollection } from './ViaCollection';

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
      ? translate(`resources.${tabResource(s)}.name`, { smart_count: 2, _: s.resource })
      : translate(findPanel(s.panel)?.title ?? s.panel, { _: s.panel });

  return (
    <Card sx={{ mt: 2 }}>
      <Tabs
        value={active}
        onChange={(_event, index: number) => setActive(index)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {sections.map((s, i) => (
          <Tab key={i} label={title(s)} />
        ))}
      </Tabs>
      {'resource' in section ? (
        <CollectionSection
          key={`${section.resource}:${section.via ?? ''}`}
          resource={section.resource}
          via={section.via}
          recordId={record.id}
        />
      ) : (
        <PanelSection name={section.panel} resource={resource} record={record} />
      )}
    </Card>
  );
}

/**
 * The resource a collection tab is named after: its own, except that the assignments of this
 * record seen from the member's side (an instrument's wells) are named after what they link it to.
 */
function tabResource(section: { resource: string; via?: string }): string {
  const meta = registry.resources[section.resource]?.['x-resource'];
  return section.via && meta?.assign && meta.parent ? meta.parent.resource : section.resource;
}

function CollectionSection({ resource, via, recordId }: { resource: string; via?: string; recordId: RaRecord['id'] }) {
  if (via) return <ViaCollection resource={resource} via={via} recordId={recordId} />;
  if (registry.resources[resource]?.['x-resource'].assign) return <AssignCollection resource={resource} parentId={recordId} />;
  return <ChildCollection resource={resource} parentId={recordId} />;
}

function PanelSection({ name, resource, record }: { name: string; resource: string; record: RaRecord }) {
  const translate = useTranslate();
  const panel = findPanel(name);
  if (!panel)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('app.record.no_panel', { name })}
      </Typography>
    );
  return createElement(panel.component, { resource, record });
}
