// Crews and devices through the screens generated from their schemas: create, edit, delete, filter.
import { describe, expect, it } from 'vitest';
import { openPage } from './browser';
import { apiAs, baseUrl, expectPath, openAs, pick, useFreshPage } from './helpers';

let adminApi: Awaited<ReturnType<typeof apiAs>> | undefined;
async function api<T>(path: string): Promise<T> {
  adminApi ??= await apiAs('admin');
  return adminApi<T>(path);
}

describe('generated resource screens', () => {
  const browser = useFreshPage();

  it('creates, edits and deletes a crew with its leader and secretary', async () => {
    const page = browser.page;
    await openAs(page, '/crew/index');
    await page.getByRole('link', { name: 'Create' }).click();
    await expectPath(page, '/crew/create');
    await page.getByRole('button', { name: 'Save' }).waitFor(); // the form has replaced the list

    await page.locator('input[name="teamNumber"]').fill('ZJ-E2E-7');
    await page.locator('input[name="leader.name"]').fill('Li Wei');
    await page.locator('input[name="leader.phone"]').fill('13800000007');
    await page.locator('input[name="secretary.name"]').fill('Wang Fang');
    await page.getByRole('button', { name: 'Save' }).click();
    // Made, the crew opens on its record page, and the create page's tag is gone.
    await page.waitForURL((url) => /^\/crew\/record\/\d+$/.test(url.pathname), { timeout: 30_000 });
    expect(await page.locator('[data-tag="/crew/create"]').count()).toBe(0);
    await page.getByText('Wang Fang').first().waitFor();

    await page.goto(`${baseUrl()}/crew/index`);
    await page.locator('input[name="teamNumber"]').fill('ZJ-E2E-7');
    const row = page.locator('table tbody tr', { hasText: 'ZJ-E2E-7' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Li Wei');
    const [created] = (await api<{ items: { id: number; secretary: { name: string } }[] }>('/crew/list?teamNumber=ZJ-E2E-7')).items;
    expect(created.secretary.name).toBe('Wang Fang');

    // A row opens the crew's page (its members and wells); its Edit button opens the form.
    await row.click();
    await expectPath(page, `/crew/record/${created.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expectPath(page, `/crew/${created.id}`);
    await page.locator('input[name="leader.name"]').waitFor();
    await expect.poll(() => page.locator('input[name="leader.name"]').inputValue()).toBe('Li Wei');
    await page.locator('input[name="leader.name"]').fill('Zhao Lei');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/crew/record/${created.id}`);
    await page.getByText('Zhao Lei').first().waitFor();

    await page.goto(`${baseUrl()}/crew/${created.id}`);
    await expect.poll(() => page.locator('input[name="leader.name"]').inputValue()).toBe('Zhao Lei');
    await page.getByRole('button', { name: 'Delete' }).click();
    // The question of every delete is the "Tip" dialog.
    await page
      .getByRole('dialog', { name: 'Tip' })
      .getByText(/^Are you sure you want to delete crew .+\?$/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectPath(page, '/crew/index');
    await expect.poll(async () => (await api<{ total: number }>('/crew/list?teamNumber=ZJ-E2E-7')).total).toBe(0);
  });

  it('refuses a crew without a leader, naming the field, and sends nothing', async () => {
    const page = browser.page;
    await openAs(page, '/crew/create');
    await page.getByRole('button', { name: 'Save' }).waitFor();
    const before = (await api<{ total: number }>('/crew/list')).total;
    await page.locator('input[name="teamNumber"]').fill('ZJ-E2E-8');
    await page.locator('input[name="leader.phone"]').fill('not a phone');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Leader: is required').waitFor();
    await page.getByText(/Leader's phone: must be a phone number/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/crew/create');
    expect((await api<{ total: number }>('/crew/list')).total).toBe(before);
  });

  it('creates a device whose name is its number type and number, edits and deletes it', async () => {
    const page = browser.page;
    // Two numbers no instrument of the demo data has (it may have any T number).
    const taken = new Set((await api<{ items: { name: string }[] }>('/device/list?title=T&page=1&limit=1000')).items.map((d) => d.name));
    let num = 9901;
    while (taken.has(`T${num}`) || taken.has(`T${num + 1}`)) num += 2;
    const [first, second] = [`T${num}`, `T${num + 1}`];
    await openAs(page, '/device/create');
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.locator('input[name="name"]').count()).toBe(0); // computed, never typed

    await pick(page, 'numtype', 'T');
    await page.locator('input[name="num"]').fill(String(num));
    // No well to type: an instrument's well is the one it is assigned to.
    expect(await page.locator('input[name="project"]').count()).toBe(0);
    await pick(page, 'type', 'Gamma');
    await pick(page, 'status', 'Under repair');
    await pick(page, 'brand', 'Sperry');
    await pick(page, 'meth', 'Lower seat key');
    await page.getByRole('button', { name: 'Save' }).click();
    // Made, the instrument opens on its record page.
    await page.waitForURL((url) => /^\/device\/record\/\d+$/.test(url.pathname), { timeout: 30_000 });
    await page.getByText(first).first().waitFor();
    await page.goto(`${baseUrl()}/device/index`);

    await page.locator('input[name="title"]').fill(first);
    // The filter reaches the address after a pause; a click before that would be followed by it.
    await expect.poll(() => page.url()).toContain(first);
    const row = page.locator('table tbody tr', { hasText: first });
    await row.waitFor();
    const text = await row.textContent();
    for (const label of ['Gamma', 'Sperry', 'Lower seat key', 'Under repair']) expect(text).toContain(label);

    // A row opens the instrument's record page; its Edit button opens the form.
    const [created] = (await api<{ items: { id: number }[] }>(`/device/list?title=${first}`)).items;
    await row.click();
    await expectPath(page, `/device/record/${created.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expectPath(page, `/device/${created.id}`);
    await expect.poll(() => page.locator('input[name="num"]').inputValue()).toBe(String(num));
    await page.locator('input[name="num"]').fill(String(num + 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, `/device/record/${created.id}`);
    await page.getByText(second).first().waitFor();
    await page.goto(`${baseUrl()}/device/${created.id}`);
    await expect.poll(() => page.locator('input[name="num"]').inputValue()).toBe(String(num + 1));
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectPath(page, '/device/index');
    await expect.poll(async () => (await api<{ total: number }>(`/device/list?title=${second}`)).total).toBe(0);
  });

  it('refuses to overwrite a crew someone else saved meanwhile, and offers to reload it', async () => {
    const page = browser.page;
    await openAs(page, '/crew/5');
    const original = await api<{ teamNumber: string; leader: { name: string }; version: number }>('/crew/info?id=5');
    await expect.poll(() => page.locator('input[name="teamNumber"]').inputValue()).toBe(original.teamNumber);

    // Another person saves the same crew first.
    const other = await openPage();
    try {
      await openAs(other.page, '/crew/5', 'editor');
      await expect.poll(() => other.page.locator('input[name="teamNumber"]').inputValue()).toBe(original.teamNumber);
      await other.page.locator('input[name="leader.name"]').fill('Saved First');
      await other.page.getByRole('button', { name: 'Save' }).click();
      await expectPath(other.page, '/crew/index');
    } finally {
      await other.close();
    }

    await page.locator('input[name="leader.name"]').fill('Saved Second');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Someone else changed this record after you opened it.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/crew/5');
    expect((await api<{ leader: { name: string } }>('/crew/info?id=5')).leader.name).toBe('Saved First');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.locator('input[name="leader.name"]').inputValue()).toBe('Saved First');
  });

  it('filters devices by brand and status, brand "All" meaning every brand', async () => {
    const page = browser.page;
    await openAs(page, '/device/index');
    const all = (await api<{ total: number }>('/device/list')).total;
    const aps = (await api<{ total: number }>('/device/list?brand=2&status=1')).total;
    expect(aps).toBeGreaterThan(0);
    expect(aps).toBeLessThan(all);

    await page.getByText(`of ${all}`).waitFor();
    await pick(page, 'brand', 'APS');
    await pick(page, 'status', 'On site');
    await page.getByText(`of ${aps}`).waitFor();
    const rows = page.locator('table tbody tr');
    for (const text of await rows.allTextContents()) {
      expect(text).toContain('APS');
      expect(text).toContain('On site');
    }
    expect(new URL(page.url()).searchParams.get('filter')).toContain('"brand":2');
    await pick(page, 'brand', 'All');
    const onSite = (await api<{ total: number }>('/device/list?status=1')).total;
    await page.getByText(`of ${onSite}`).waitFor();
  });
});
