// The demo calibration reports, put in through the same checks as any upload (a thumbnail made
// for each image on the server). An instrument that has reports already is left as it is, so a
// run that stopped halfway is finished by the next.
import { STANDARD_ACCOUNTS } from '../auth/accounts';
import { REPORT_ATTACHMENT } from '../../kernel/contract/uploads';
import type { Store } from '../store/types';
import type { Files } from './service';

/** Adds the demo reports of the instruments that should have some; answers how many files it added. */
export async function seedDemoReports(files: Files, store: Store, resource = 'device'): Promise<number> {
  const { demoReports, reportedDevices } = await import('../../kernel/demo/report-files');
  let added = 0;
  for (const id of reportedDevices(await store.findIds(resource, []))) {
    if ((await files.attachedTo(resource, id, REPORT_ATTACHMENT)).length > 0) continue;
    const record = await store.get(resource, id);
    for (const report of await demoReports(id, String(record?.name ?? id))) {
      const file = new File([new Uint8Array(report.bytes)], report.name);
      const result = await files.accept(file, {
        owner: STANDARD_ACCOUNTS.admin.name,
        attachment: { resource, recordId: id, attachedAs: REPORT_ATTACHMENT },
        at: report.uploadedAt,
      });
      if ('refused' in result) throw new Error(`The demo report ${report.name} was refused: ${result.refused}`);
      added++;
    }
  }
  return added;
}
