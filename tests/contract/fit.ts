// An instrument fit to be sent out, for the suites that are not about the gates on sending one
// (server/fleet/gates.ts): a passed calibration filed straight into the store, valid for years.
import type { Store } from '../../server/store/types';

/** Files a passed calibration of each instrument, performed on `date` and valid until `until`. */
export async function calibrated(store: Store, ids: number[], date = '2020-01-01', until = '2099-12-31') {
  for (const device of ids) await store.insert('calibration', { device, date, result: 'passed', nextDue: until, superseded: false });
}
