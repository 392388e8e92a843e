// The instrument register as an admin meets it: a brand and a base added in Settings → Data
// dictionary are offered at once on the instrument form and saved on an instrument; a second
// instrument with the same prefix and number is refused under the number, naming the holder.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClientAs, openAs, useFreshPage } from './helpers';

type Row = { id: number; name: string; [field: string]: unknown };

/** Adds an item to a dictionary list through its record page's dialog. */
async function addItem(page: Page, listId: number, key: string, sort: number, english: string) {
  await openAs(page, `/setting/system/dictionary/${listId}`);
  await page.getByRole('button', { name: 'Create' }).last().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Key/).fill(key);
  await dialog.getByLabel(/^Order/).fill(String(sort));
  await dialog.getByLabel(/^English/).fill(english);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const choose = async (page: Page, label: RegExp, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describe('the instrument register', () => {
  const browser = useFreshPage();

  it('takes a brand and a base an admin adds, and refuses a number another instrument has', async () => {
    const page = browser.page;
    const admin = await apiClientAs('admin');
    const lists = await admin.get<{ list: Row[] }>('/setting/dictionary/list?limit=100');
    const idOf = (code: string) => lists.list.find((l) => l.code === code)!.id;
    const stamp = Date.now() % 100000;
    await addItem(page, idOf('brand'), String(700 + (stamp % 100)), 70, `Acme ${stamp}`);
    await addItem(page, idOf('base'), `qy${stamp}`, 70, `Qingyang ${stamp}`);
    const taken = (await admin.get<{ items: Row[] }>('/device/list?limit=1&sort=-id')).items[0];

    await openAs(page, '/device/create');
    await choose(page, /^Number type/, String(taken.numtype));
    await page.getByRole('textbox', { name: /^Number/ }).fill(String(taken.num));
    await choose(page, /^Type/, 'Gamma');
    await choose(page, /^Status/, 'In stock');
    await choose(page, /^Brand/, `Acme ${stamp}`);
    await choose(page, /^Mounting/, 'Upper hanging');
    await choose(page, /^Location/, 'At a base');
    await choose(page, /^Base/, `Qingyang ${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    const number = page.getByRole('textbox', { name: /^Number/ });
    await expect.poll(() => number.getAttribute('aria-invalid')).toBe('true');
    // The refusal stands under the number, naming the instrument that holds it.
    const refusal = page.locator('.MuiFormHelperText-root.Mui-error', {
      hasText: `Number: ${taken.name} is already instrument #${taken.id}`,
    });
    await refusal.first().waitFor();

    await number.fill(`R${stamp}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/device\/record\/\d+$/, { timeout: 30_000 });
    const summary = page.locator('main');
    await summary.getByText(`Acme ${stamp}`).first().waitFor();
    await summary.getByText(`Qingyang ${stamp}`).first().waitFor();
    const saved = await admin.get<Row>(`/device/detail?id=${page.url().split('/').pop()}`);
    expect(saved).toMatchObject({ num: `R${stamp}`, brand: 700 + (stamp % 100), location: 'base', base: `qy${stamp}` });
  });
});
