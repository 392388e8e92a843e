// Derived, not typed, in the browser: a daily report's survey station saved through the API gets
// its true vertical depth, displacement and dogleg severity from the server, and its form shows
// them read-only beside the station a person types; the well's record page shows the well's
// maximum inclination. Once submitted, a new survey of the well leaves its values as sent: the
// list marks it revised and its form shows the new values beside them. Every record the test
// uses is made here.
import { describe, expect, it } from 'vitest';
import { computeTrajectory } from '../../kernel/survey/minimum-curvature';
import { apiClientAs, baseUrl, openAs, sessionToken, useFreshPage } from './helpers';

type Row = { id: number; [field: string]: unknown };
const stamp = Date.now() % 1_000_000;

describe('values worked out from the survey', () => {
  const session = useFreshPage();

  it('shows a daily report’s TVD from the server, read-only', async () => {
    const admin = await apiClientAs('admin');
    const options = await admin.get<Record<string, { key: string; enabled: boolean }[]>>('/setting/dictionary/options');
    const wellType = options.wellType?.find((item) => item.enabled);
    const well = await admin.post<Row>('/project/add', {
      wellNumber: `SRV-${stamp}`,
      wellType: wellType?.key ?? 'horizontal',
      oilArea: 'Ordos',
      clientUnit: 'Changqing Oilfield Co.',
      startDate: '2025-03-01',
      status: 0,
    });
    const trip = await admin.post<Row>('/project/record/create', {
      wellId: well.id,
      tripNumber: 1,
      startTime: '2025-03-02T08:00:00.000Z',
      endTime: '2025-03-06T08:00:00.000Z',
      startDepth: 500,
      endDepth: 900,
    });
    const stations = [
      { md: 600, inc: 6, azi: 120 },
      { md: 750, inc: 21, azi: 124 },
    ];
    for (const [i, s] of stations.entries()) {
      await admin.post('/project/daily/create', {
        tripNumber: trip.id,
        day: `2025-03-0${3 + i}`,
        status: 'draft',
        drillingParams: { measuredDepth: s.md, inclination: s.inc, azimuth: s.azi },
      });
    }
    const expected = computeTrajectory(stations).stations.at(-1)!;
    const reports = (await admin.get<{ items: Row[] }>(`/project/daily/list?tid=${trip.id}&page=1&limit=10`)).items;
    const last = reports.find(
      (r) => r['drillingParams.measuredDepth'] === 750 || (r.drillingParams as Record<string, number> | undefined)?.measuredDepth === 750,
    )!;
    const tvdOf = (r: Row) => (r['drillingParams.verticalDepth'] ?? (r.drillingParams as Record<string, number>).verticalDepth) as number;
    expect(tvdOf(last)).toBeCloseTo(expected.tvd, 2);

    const { page } = session;
    const path = `/project/daily/${well.id}/${trip.id}`;
    await openAs(page, path);
    await page.locator('#main-content').getByRole('row').filter({ hasText: '750' }).first().click();
    const form = page.getByRole('dialog').last();
    // The station is typed; what the server works out from it is shown as text, with its unit.
    await form.locator('input[name="drillingParams.measuredDepth"]').waitFor();
    const tvd = (Math.round(expected.tvd * 100) / 100).toLocaleString('en', { maximumFractionDigits: 2 });
    await expect.poll(() => form.textContent()).toContain(`${tvd} m`);
    expect(await form.locator('input[name="drillingParams.verticalDepth"]').count()).toBe(0);

    // Submitted, then the well surveyed again: the list marks it revised, its form shows both values.
    await admin.post('/project/daily/update', { id: last.id, status: 'submitted' });
    const form2 = new FormData();
    const listing = ['MD,Inc,Azi', '600,6,120', '750,25,124'].join('\n');
    form2.append('file', new File([listing], 'resurvey.csv'));
    const imported = await fetch(`${baseUrl()}/dev-api/project/survey/import?id=${well.id}`, {
      method: 'POST',
      headers: { 'X-Token': await sessionToken('admin') },
      body: form2,
    });
    expect(((await imported.json()) as { code: number }).code).toBe(20000);
    await openAs(page, path);
    const row = page.locator('#main-content').getByRole('row').filter({ hasText: '750' }).first();
    await row.locator('[data-revised]').waitFor();
    await row.click();
    const revised = page.getByRole('dialog').last();
    await revised.locator('[data-revision]').waitFor();
    await expect
      .poll(() => revised.locator('[data-readonly="drillingParams.verticalDepth"]').textContent())
      .toMatch(new RegExp(`^.*${tvd} m → .* m$`));
  });
});
