// What makes the console usable with a screen reader and readable for weak eyes, checked in
// Chromium without Lighthouse, on the sign-in page, Home and every list of the route tree
// (schemas/routes.json, walked): every button, link and checkbox has an accessible name (as
// Chromium's accessibility tree computes it), every list row checkbox is labelled, lists are
// well formed (a ul's or ol's children are li, an li sits in a ul or ol: the sidebar's submenus
// included), and, on Home and the first list in the light and the dark theme, text and links
// contrast with what is behind them at 4.5:1 at least (3:1 for large text).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { filterRoutes, flattenRoutes, isExternal } from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { parseComponent } from '../../kernel/schema/route-component';
import { apiAs, baseUrl, goWithin, openAs, useFreshPage } from './helpers';
import { waitUntilStill } from './settle';

const routes = flattenRoutes(filterRoutes(loadRegistry().routes, ['admin'])).filter((r) => !isExternal(r.fullPath) && r.node.component);
const home = routes.find((r) => r.node.component === 'home')!.fullPath;
/** Every list of the route tree that takes no parameter. */
const lists = routes.filter((r) => parseComponent(r.node.component!)?.view === 'list' && !r.fullPath.includes(':')).map((r) => r.fullPath);

/** Waits until the screen has loaded what it shows: no request in flight, no progress indicator, nothing moving. */
async function settle(page: Page) {
  await waitUntilStill(page);
  await page
    .locator('[role=progressbar]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await waitUntilStill(page);
}

interface AxNode {
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  backendDOMNodeId?: number;
}

/** Buttons, links and checkboxes Chromium's accessibility tree gives no name, described by their markup. */
async function unnamed(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const out: string[] = [];
    for (const node of nodes) {
      const role = node.role?.value ?? '';
      if (
        node.ignored ||
        !['button', 'link', 'checkbox', 'menuitem', 'tab', 'combobox', 'textbox', 'searchbox', 'radio', 'switch'].includes(role)
      )
        continue;
      if ((node.name?.value ?? '').trim() !== '') continue;
      let html = role;
      if (node.backendDOMNodeId !== undefined) {
        const { outerHTML } = (await cdp.send('DOM.getOuterHTML', { backendNodeId: node.backendDOMNodeId })) as { outerHTML: string };
        html = `${role}: ${outerHTML.slice(0, 160)}`;
      }
      out.push(html);
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

/**
 * The accessible names of controls and landmarks that read as English words the console never
 * translated: a name made only of Latin words in lower case but for its first letter ("Open",
 * "pagination navigation", "Go to next page"). Names of records (people, instruments: "Madie
 * Paucek", "T5122 …") do not read so.
 */
/**
 * The texts people wrote into group data (Home's slides and notices): a link may be named by one,
 * in whatever language it was written, and it is data rather than the console's own words.
 */
async function groupDataTexts(): Promise<Set<string>> {
  const api = await apiAs('admin');
  const groups = (await api<{ list: { config_name: string }[] }>('/setting/group/list?limit=100')).list;
  const texts = new Set<string>();
  for (const { config_name } of groups) {
    const shown = await api<{ list: unknown[] }>(`/setting/groupdata/shown?config_name=${config_name}`);
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.add(value.trim());
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(shown?.list ?? []);
  }
  return texts;
}

async function englishNames(page: Page, groupData: ReadonlySet<string> = new Set()): Promise<string[]> {
  // Record content the page marks as never to be translated (a spare part's name) is data too.
  const marked = await page.evaluate(() => [...document.querySelectorAll('[translate="no"]')].map((el) => (el.textContent ?? '').trim()));
  const data = new Set([...groupData, ...marked]);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AxNode[] };
    const roles = [
      'button',
      'link',
      'checkbox',
      'menuitem',
      'tab',
      'combobox',
      'textbox',
      'searchbox',
      'navigation',
      'region',
      'dialog',
      'list',
      'table',
    ];
    const english = /^[A-Za-z][a-z]*( [a-z]+)*$/;
    return nodes
      .filter((node) => {
        const name = (node.name?.value ?? '').trim();
        return !node.ignored && roles.includes(node.role?.value ?? '') && english.test(name) && !data.has(name);
      })
      .map((node) => `${node.role?.value}: ${node.name?.value}`);
  } finally {
    await cdp.detach();
  }
}

/** Lists that break the rules of lists: a ul/ol child that is not an li, an li outside a ul/ol. */
async function badLists(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const describe = (el: Element) => el.outerHTML.slice(0, 120);
    for (const list of document.querySelectorAll('ul, ol')) {
      if (list.getAttribute('role') && !['list', 'menu', 'listbox', 'tree', 'group'].includes(list.getAttribute('role')!)) continue;
      for (const child of list.children) {
        if (child.tagName === 'LI' || child.tagName === 'SCRIPT' || child.tagName === 'TEMPLATE') continue;
        out.push(`a ${list.tagName.toLowerCase()} holds ${describe(child)}`);
      }
    }
    for (const item of document.querySelectorAll('li')) {
      const parent = item.parentElement;
      if (item.getAttribute('role') && item.getAttribute('role') !== 'listitem') continue;
      if (!parent || !['UL', 'OL', 'MENU'].includes(parent.tagName)) out.push(`an li outside a list: ${describe(item)}`);
    }
    return out;
  });
}

/** Row checkboxes of the lists on the screen without a label, and how many there are. */
async function rowCheckboxes(page: Page): Promise<{ count: number; unlabelled: number }> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('tbody input[type=checkbox]')] as HTMLInputElement[];
    const labelled = (box: HTMLInputElement) =>
      (box.getAttribute('aria-label') ?? '').trim() !== '' ||
      (box.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .some((id) => (document.getElementById(id)?.textContent ?? '').trim() !== '') ||
      [...(box.labels ?? [])].some((label) => (label.textContent ?? '').trim() !== '');
    return { count: boxes.length, unlabelled: boxes.filter((box) => !labelled(box)).length };
  });
}

/**
 * Visible text (each element with text of its own) whose contrast with what is behind it is
 * below 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold): the colours composed as the
 * browser paints them (the text's alpha over the background, backgrounds' alphas and the
 * overlay gradients of MUI's dark paper over what lies under them). Disabled controls are left
 * out, as the rule leaves them, and so is text nobody sees: off the page, hidden, or covered.
 */
async function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | undefined => {
      const m = /rgba?\(([^)]+)\)/.exec(value);
      if (!m) return undefined;
      const parts = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    /** The colour behind an element: its own and its ancestors' backgrounds, composed down to the page's white. */
    const backdrop = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const gradient = style.backgroundImage.startsWith('linear-gradient') ? parse(style.backgroundImage) : undefined;
        if (gradient) layers.push(gradient);
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] > 0) layers.push(colour);
        if (colour && colour[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!own || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE', 'OPTION'].includes(el.tagName)) continue;
      if (el.closest('[aria-hidden=true], [disabled], [aria-disabled=true], .Mui-disabled, [hidden]')) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility !== 'visible' || Number(style.opacity) === 0 || box.width === 0 || box.height === 0) continue;
      if (el.closest('[style*="opacity: 0"]')) continue;
      // Moved off the page until focused (react-admin's skip link), or covered or clipped where it stands in the window.
      if (box.right <= 0 || box.bottom <= 0) continue;
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (x < window.innerWidth && y < window.innerHeight) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === el || el.contains(hit) || hit.contains(el))) continue;
      }
      const behind = backdrop(el);
      const text = over(parse(style.color) ?? [0, 0, 0, 1], behind);
      const [light, dark] = [luminance(text), luminance(behind)].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        out.push(
          `${ratio.toFixed(2)}:1 "${(el.textContent ?? '').trim().slice(0, 40)}" (${style.color} on rgb(${behind.slice(0, 3).map(Math.round).join(', ')})) <${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}">`,
        );
      }
    }
    return out;
  });
}

describe('accessibility of the screens of the route tree', () => {
  const browser = useFreshPage();

  it('names every control and keeps lists well formed on the sign-in page', async () => {
    const page = browser.page;
    await page.goto(`${baseUrl()}/login`);
    await page.locator('input[name=username]').waitFor();
    await settle(page);
    expect(await unnamed(page), 'unnamed controls on the sign-in page').toEqual([]);
    expect(await badLists(page), 'lists on the sign-in page').toEqual([]);
  });

  it(
    `names every button, link and checkbox, labels row checkboxes and keeps lists well formed on Home and ${lists.length} lists`,
    { timeout: 60_000 + lists.length * 20_000 },
    async () => {
      const page = browser.page;
      let checked = 0;
      for (const path of [home, ...lists]) {
        if (path === home) await openAs(page, home);
        else await goWithin(page, path);
        await settle(page);
        expect(await unnamed(page), `unnamed controls on ${path}`).toEqual([]);
        expect(await badLists(page), `lists on ${path}`).toEqual([]);
        const boxes = await rowCheckboxes(page);
        expect(boxes.unlabelled, `row checkboxes without a label on ${path}`).toBe(0);
        checked += boxes.count;
      }
      // The walk met row checkboxes at all (a list whose rows can be deleted has them).
      expect(checked).toBeGreaterThan(0);
      // The sidebar's groups, opened, keep their entries in lists inside list items.
      const groups = page.getByRole('navigation', { name: 'menu' }).locator(':scope > ul > li > [role=button][data-menu]');
      // The menu is drawn in a pass after the page's rows (src/layout/layoutPasses.ts): waited for.
      await expect.poll(() => groups.count()).toBeGreaterThan(0);
      await groups.first().click();
      await expect
        .poll(() => page.getByRole('navigation', { name: 'menu' }).locator(':scope > ul > li > div ul > li [data-menu]').count())
        .toBeGreaterThan(0);
      await waitUntilStill(page);
      expect(await badLists(page), 'lists with a group of the menu open').toEqual([]);
    },
  );

  it(
    'names controls and landmarks in Chinese: pagination, breadcrumb, the pickers and the page buttons',
    { timeout: 120_000 },
    async () => {
      const page = browser.page;
      await page.context().addCookies([{ name: 'language', value: 'zh', url: baseUrl() }]);
      const well = routes.find((r) => r.node.component === 'resource:project:record')!.fullPath.replace(':id', '1');
      const account = routes.find((r) => r.node.component === 'resource:admin:create')!.fullPath;
      const found: string[] = [];
      const data = await groupDataTexts();
      for (const [path, width] of [
        [home, 1280],
        [lists[0], 1280],
        [well, 1280],
        [account, 1280],
        [lists[0], 375],
        [well, 375],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        if (path === home) await openAs(page, home);
        else await goWithin(page, path);
        await settle(page);
        found.push(...(await englishNames(page, data)).map((name) => `${path} at ${width} px: ${name}`));
      }
      expect(found).toEqual([]);
    },
  );

  describe.each([
    { theme: 'light', dark: false },
    { theme: 'dark', dark: true },
  ])('in the $theme theme', ({ dark }) => {
    it(`gives text and links a contrast of 4.5:1 on Home and on ${lists[0]}`, async () => {
      const page = browser.page;
      await page.addInitScript((darkMode) => localStorage.setItem('console-settings', JSON.stringify({ darkMode })), dark);
      await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(home)}`);
      await settle(page);
      expect(await lowContrast(page), 'text below the contrast it needs on the sign-in page').toEqual([]);
      for (const path of [home, lists[0]]) {
        if (path === home) await openAs(page, home);
        else await page.goto(`${baseUrl()}${path}`);
        await settle(page);
        expect(await lowContrast(page), `text below the contrast it needs on ${path}`).toEqual([]);
      }
    });
  });
});
