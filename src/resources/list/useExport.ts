// Exports the list in context (a list page or a child collection's tab) under its current
// filters and sort: every page, then the names of the records it refers to, into one table of
// translated cells, written as CSV or .xlsx and downloaded.
import { useState } from 'react';
import { type Identifier, type RaRecord, useDataProvider, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { optionsDictionary } from '../../../kernel/schema/dictionary';
import { registry } from '../../../kernel/schema/load-vite';
import { fields } from '../../../kernel/schema/registry';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { useConfigOptions } from '../generic/useConfigOptions';
import { useDictionaryOptions } from '../generic/useDictionaryOptions';
import { useLabels } from '../generic/useLabels';
import { cellNames } from './cellNames';
import { buildTable, formatDate } from './exportTable';
import { type PageFetcher, fetchAllRows, loadReferences } from './fetchRows';
import { type ExportFormat, downloadTable } from './serialize';

/** A child collection's list: its records are those whose `target` field holds the parent's id. */
export interface ParentFilter {
  target: string;
  id: Identifier;
}

export function useExport(resource: string, schema: ResourceSchema, hide: string[] = [], parent?: ParentFilter) {
  const { filterValues, sort } = useListContext();
  const dataProvider = useDataProvider();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const labels = useLabels(resource);
  const options = useConfigOptions();
  const dictionary = useDictionaryOptions(fields(schema).some((f) => optionsDictionary(registry.config, f.schema)));
  const [busy, setBusy] = useState(false);

  const fetchPage: PageFetcher = (page, perPage) => {
    const params = { pagination: { page, perPage }, sort, filter: filterValues };
    return parent
      ? dataProvider.getManyReference(resource, { ...params, target: parent.target, id: parent.id })
      : dataProvider.getList(resource, params);
  };
  const getMany = async (target: string, ids: (string | number)[]) => (await dataProvider.getMany<RaRecord>(target, { ids })).data;

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const rows = await fetchAllRows(fetchPage);
      const references = await loadReferences(schema, rows, registry.resources, getMany, hide);
      const names = cellNames({
        resource,
        translate,
        locale,
        header: labels.column,
        options,
        config: registry.config,
        dictionary,
        references,
      });
      const table = buildTable(schema, rows, names, hide);
      const title = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
      await downloadTable(table, title, formatDate(new Date()), format);
      notify('app.list.exported', { type: 'info', messageArgs: { smart_count: rows.length } });
    } catch (error) {
      notify('app.list.export_failed', { type: 'error', messageArgs: { message: error instanceof Error ? error.message : String(error) } });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
