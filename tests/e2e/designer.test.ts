// The form designer in the browser: a group made on its create page, its fields designed as
// cards (a select whose options are typed as lines, an image upload), the live preview showing
// the select's option labels and following the labels as they are typed, two fields reordered
// with the keyboard alone (the move announced in the person's language), a bad option line
// named by its number, and the saved fields read back through the API in the designed order.
// Then screenshots of the designer in two languages and on a phone, without sideways scrolling.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './browser';
import { waitUntilStill } from './settle';
import { ARTIFACTS, apiClientAs, baseUrl, messages, openAs, useFreshPage } from './helpers';
import { SCREEN_CASES } from './screens';

type Row = { id: number; [field: string]: unknown };
const m = messages('en');
const stamp = Date.now() % 1_000_000;
const made = { group: undefined as Row | undefined };

/** A message with its %{…} placeholders filled in, as polyglot does. */
const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key]));
const kind = (type: string) => m[`resources.group.enums.typelist.type.${type}`];

const designer = (page: Page) => page.locator('[data-field-definitions="typelist"]');
const card = (page: Page, index: number) => designer(page).locator(`[data-designer-card="${index}"]`);
/** A part's input in the card at `index` (named `typelist.<index>.<part>`). */
const part = (page: Page, index: number, name: string) => card(page, index).locator(`[name="typelist.${index}.${name}"]`);
const preview = (page: Page) => designer(page).locator('[data-designer-preview]');
const order = (page: Page) =>
  designer(page)
    .locator('[data-designer-card]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-field-name')));

async function chooseKind(page: Page, index: number, type: string) {
  await card(page, index).getByRole('combobox').click();
  await page.getByRole('option', { name: kind(type), exact: true }).click();
  await expect.poll(() => card(page, index).getByRole('combobox').textContent()).toBe(kind(type));
}

describe('the form designer', () => {
  const browser = useFreshPage();

  it('designs a group’s fields with a live preview, reorders them from the keyboard and saves them in that order', async () => {
    const page = browser.page;
    await openAs(page, '/setting/system/group/create');
    await page.locator('input[name=name]').fill(`E2E designed ${stamp}`);
    await page.locator('input[name=config_name]').fill(`e2e_designed_${stamp}`);
    await designer(page).getByText(m['app.designer.none']).waitFor();

    // A select whose options are typed as lines.
    await designer(page).getByRole('button', { name: m['app.designer.add_field'] }).click();
    await expect.poll(() => part(page, 0, 'name').inputValue()).toBe('field1');
    // A new field without its label is left out of the preview, and says so.
    await preview(page).locator('[data-preview-left-out]').waitFor();
    expect(await preview(page).locator('#root_field1').count()).toBe(0);
    await part(page, 0, 'name').fill('place');
    await part(page, 0, 'title').fill('Place');
    await chooseKind(page, 0, 'select');
    await part(page, 0, 'param').fill('top=>Top of the page\nside=>Side bar');
    await card(page, 0).getByLabel(m['resources.group.fields.typelist.required']).check();
    await preview(page).locator('[data-preview-left-out]').waitFor({ state: 'detached' });
    await preview(page).locator('#root_place').click();
    await page.getByRole('option', { name: 'Top of the page' }).waitFor();
    await page.getByRole('option', { name: 'Side bar' }).click();
    await expect.poll(() => preview(page).locator('[data-field="root_place"]').textContent()).toContain('Side bar');

    // An image upload; the preview follows its label as it is typed.
    await designer(page).getByRole('button', { name: m['app.designer.add_field'] }).click();
    await part(page, 1, 'name').fill('slide');
    await chooseKind(page, 1, 'upload');
    await part(page, 1, 'title').fill('Pic');
    const slideLabel = preview(page).locator('label[for="root_slide"]');
    await expect.poll(() => slideLabel.textContent()).toBe('Pic:');
    await part(page, 1, 'title').pressSequentially('ture');
    await expect.poll(() => slideLabel.textContent()).toBe('Picture:');
    await preview(page).getByTestId('upload-input-root_slide').waitFor({ state: 'attached' });
    // Neither options nor bounds belong to an image.
    expect(await part(page, 1, 'param').count()).toBe(0);
    expect(await part(page, 1, 'min').count()).toBe(0);

    // The keyboard alone: Space lifts the picture, the up arrow moves it, Space drops it.
    expect(await order(page)).toEqual(['place', 'slide']);
    const announced = () => page.locator('[id^="DndLiveRegion"]').textContent();
    const handle = card(page, 1).locator('[data-action="drag"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true'); // lifted
    await page.keyboard.press('ArrowUp');
    await expect.poll(announced).toBe(fill(m['app.designer.moved'], { name: 'slide', position: 1, count: 2 }));
    await page.keyboard.press('Space');
    await expect.poll(() => order(page)).toEqual(['slide', 'place']);
    await expect.poll(announced).toBe(fill(m['app.designer.dropped'], { name: 'slide', position: 1, count: 2 }));
    expect(
      await preview(page)
        .locator('[data-server-form] [data-field]')
        .evaluateAll((fields) => fields.map((f) => f.getAttribute('data-field'))),
    ).toEqual(['root_slide', 'root_place']);

    // A bad option line is named by its number, and the select leaves the preview until it is put right.
    await part(page, 1, 'param').fill('top=>Top of the page\nside Side bar');
    await card(page, 1)
      .getByText(fill(m['forms.problems.param_no_arrow'], { line: 2 }))
      .waitFor();
    await preview(page).locator('[data-preview-left-out]').waitFor();
    expect(await preview(page).locator('#root_place').count()).toBe(0);
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, 'en-1280-designer-problem.png'), fullPage: true });
    await part(page, 1, 'param').fill('top=>Top of the page\nside=>Side bar');
    await preview(page).locator('#root_place').waitFor();

    await page.getByRole('button', { name: m['ra.action.save'] }).click();
    const admin = await apiClientAs('admin');
    await expect
      .poll(
        async () =>
          (await admin.get<{ list: Row[] }>(`/setting/group/list?limit=100&sort=-id`)).list.find(
            (g) => g.config_name === `e2e_designed_${stamp}`,
          )?.id,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const listed = (await admin.get<{ list: Row[] }>(`/setting/group/list?limit=100&sort=-id`)).list.find(
      (g) => g.config_name === `e2e_designed_${stamp}`,
    )!;
    made.group = await admin.get<Row>(`/setting/group/info?id=${listed.id}`);
    // Exactly the designed keys, in the designed order: nothing empty, nothing of the designer's own.
    expect(made.group.typelist).toEqual([
      { name: 'slide', title: 'Picture', type: 'upload' },
      { name: 'place', title: 'Place', type: 'select', param: 'top=>Top of the page\nside=>Side bar', required: true },
    ]);
  });

  it('makes the code and the field names from the titles as they are typed, until the person types their own', async () => {
    const page = browser.page;
    await openAs(page, '/setting/system/group/create');
    const code = page.locator('input[name=config_name]');
    await page.locator('input[name=name]').fill('Pre-job check');
    await expect.poll(() => code.inputValue()).toBe('pre_job_check');
    await page.locator('input[name=name]').fill('Pre-job check, pulser');
    await expect.poll(() => code.inputValue()).toBe('pre_job_check_pulser');

    const addField = async (index: number) => {
      await designer(page).getByRole('button', { name: m['app.designer.add_field'] }).click();
      await part(page, index, 'title').waitFor();
    };
    await addField(0);
    await part(page, 0, 'title').fill('井斜角');
    await expect.poll(() => part(page, 0, 'name').inputValue()).toBe('jing_xie_jiao');
    // The same title on another field: numbered, as no two fields may share a name.
    await addField(1);
    await part(page, 1, 'title').fill('井斜角');
    await expect.poll(() => part(page, 1, 'name').inputValue()).toBe('jing_xie_jiao_2');

    // A name of the person's own stays whatever the title becomes.
    await code.fill('pulser_check');
    await part(page, 0, 'name').fill('inc');
    await page.locator('input[name=name]').fill('Pulser check');
    await part(page, 0, 'title').fill('Inclination');
    await expect.poll(() => part(page, 1, 'name').inputValue()).toBe('jing_xie_jiao_2');
    expect(await code.inputValue()).toBe('pulser_check');
    expect(await part(page, 0, 'name').inputValue()).toBe('inc');

    // A number takes a unit, shown after its label in the form it makes.
    expect(await part(page, 0, 'unit').count()).toBe(0);
    await chooseKind(page, 0, 'number');
    await part(page, 0, 'unit').fill('°');
    await expect.poll(() => preview(page).textContent()).toContain('Inclination (°)');
  });
});

const SCREENS = join(ARTIFACTS, 'screens');

describe.each(SCREEN_CASES)('the designer in $language at $width px', ({ language, width, height }) => {
  it('renders translated, without sideways scrolling', async () => {
    mkdirSync(SCREENS, { recursive: true });
    const lang = messages(language);
    const admin = await apiClientAs('admin');
    // The demo's notices (a number with bounds, a time, help texts) or, failing that, any group.
    const groups = (await admin.get<{ list: Row[] }>('/setting/group/list?limit=100&sort=%2Bid')).list;
    const group = groups.find((g) => g.config_name === 'notices') ?? groups[0];
    expect(group, 'a group to open').toBeDefined();
    const { page, context, close } = await openPage({ width, height });
    try {
      await context.addCookies([{ name: 'language', value: language, url: baseUrl() }]);
      await openAs(page, `/setting/system/group/edit/${group.id}`);
      await designer(page).locator('[data-designer-card]').first().waitFor();
      await preview(page).locator('[data-server-form]').waitFor();
      await designer(page).getByRole('button', { name: lang['app.designer.add_field'] }).waitFor();
      // The keyboard instructions a screen reader gives for the drag handles, in the page's language.
      expect(await page.locator('[id^="DndDescribedBy"]').first().textContent()).toBe(lang['app.designer.instructions']);
      await waitUntilStill(page);
      await page.screenshot({ path: join(SCREENS, `${language}-${width}-designer.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `the designer scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    } finally {
      await close();
    }
  });
});
