// The demo calibration certificates, put in through the same checks as any upload (a thumbnail
// made for each image on the server), each as the certificate file of one of the instrument's demo
// calibration records, oldest report to oldest record. A report left without a record is not
// added: an old-style report on the instrument would become a calibration "to complete" on start,
// which a new install should not begin with. An instrument whose records hold files already is
// left as it is, so a run that stopped halfway is finished by the next.
import { STANDARD_ACCOUNTS } from '../auth/accounts';
import { fileUrl } from '../../kernel/contract/uploads';
import type { Registry } from '../../kernel/schema/registry';
import type { Store } from '../store/types';
import type { Files } from './service';

/** Where the certificates go: the calibration records, the field naming their instrument, and their upload field. */
export interface CertificateTarget {
  resource: string;
  parent: string;
  field: string;
}

/**
 * The instruments (the resource with a lifecycle that keeps calibration records) and where their
 * certificates go: the records' field naming the instrument and their first upload field.
 */
export function certificateTarget(registry: Registry): { device: string; target: CertificateTarget } | undefined {
  for (const [device, schema] of Object.entries(registry.resources)) {
    const calibrations = schema['x-resource'].lifecycle?.calibrations;
    const records = calibrations && registry.resources[calibrations.resource];
    const parent = records?.['x-resource'].parent?.field;
    const field = records && Object.keys(records.properties ?? {}).find((name) => records.properties![name]['x-upload']);
    if (calibrations && parent && field) return { device, target: { resource: calibrations.resource, parent, field } };
  }
  return undefined;
}

/** Adds the demo certificates of the instruments that should have some; answers how many files it added. */
export async function seedDemoReports(files: Files, store: Store, registry: Registry): Promise<number> {
  const where = certificateTarget(registry);
  if (!where) return 0;
  const { device, target } = where;
  const { demoReports, reportedDevices } = await import('../../kernel/demo/report-files');
  let added = 0;
  for (const id of reportedDevices(await store.findIds(device, []))) {
    const { rows } = await store.list(target.resource, {
      conditions: [{ field: target.parent, op: 'eq', value: id }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: 1000,
    });
    if (rows.some((row) => row[target.field])) continue;
    const records = rows.sort((a, b) => String(a.date).localeCompare(String(b.date)) || a.id - b.id);
    const record = await store.get(device, id);
    const reports = await demoReports(id, String(record?.name ?? id));
    // The newest reports to the newest records.
    const count = Math.min(records.length, reports.length);
    const holders = records.slice(records.length - count);
    for (const [i, report] of reports.slice(reports.length - count).entries()) {
      const { id: holderId, version: _version, ...fields } = holders[i];
      const file = new File([new Uint8Array(report.bytes)], report.name);
      const result = await files.accept(file, {
        owner: { id: null, name: STANDARD_ACCOUNTS.admin.name },
        attachment: { resource: target.resource, recordId: holderId, attachedAs: `field:${target.field}` },
        at: report.uploadedAt,
      });
      if ('refused' in result) throw new Error(`The demo report ${report.name} was refused: ${result.refused}`);
      await store.update(target.resource, holderId, { ...fields, [target.field]: fileUrl(result.upload.storedName) }, undefined, {
        keepVersion: true,
      });
      added++;
    }
  }
  return added;
}
