// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { abbreviateNumber, relativeTime } from '../../src/format';
import { addView, closeAll, closeOthers, closeView, nextAfterClosing, type View } from '../../src/layout/tags-bar/tags';
import { tagsStore } from '../../src/layout/tags-bar/tagsStore';
import { MAX_PATTERN_LENGTH, createSearcher, searchPool, withPinyin, withSynonyms } from '../../src/layout/search/search';
import { messages } from '../messages';
import { deviceClass } from '../../src/settings/device';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  loadSidebarOpen,
  loadSize,
  parseSettings,
  parseSize,
  saveSettings,
  saveSidebarOpen,
  saveSize,
} from '../../src/settings/settings';
import { loadRegistry } from '../../kernel/schema/load-node';

const registry = loadRegistry();
const english: Record<string, string> = {
  'route.Device': 'Devices',
  'route.DeviceList': 'Device list',
  'route.Crew': 'Crews',
  'route.CrewList': 'Crew list',
  'route.Home': 'Home',
};
const translate = (key: string) => english[key] ?? key.replace('route.', '');

describe('header search', () => {
  const pool = searchPool(registry.routes, translate);

  it('offers every visible titled route, nested titles as Parent > Child, never hidden or parameter routes', () => {
    expect(pool.find((i) => i.path === '/device/index')?.title).toEqual(['Devices', 'Device list']);
    expect(pool.find((i) => i.path === '/home')?.title).toEqual(['Home']);
    expect(pool.some((i) => i.path.includes(':'))).toBe(false);
    expect(pool.some((i) => i.path === '/device/create' || i.path.startsWith('/profile'))).toBe(false);
  });

  it('finds a page by a fuzzy title, ranking the closest first', () => {
    const search = createSearcher(pool, false);
    expect(search('crew list')[0].path).toBe('/crew/index');
    expect(
      search('devce lst')
        .map((i) => i.path)
        .slice(0, 2),
    ).toContain('/device/index');
    expect(search('zzzzqqqq')).toEqual([]);
  });

  it('matches by path as well as title', () => {
    const search = createSearcher(pool, false);
    expect(search('/setting/system/crontab').map((i) => i.path)).toContain('/setting/system/crontab');
  });

  it('cuts queries to 32 characters: what follows the 32nd changes nothing', () => {
    const search = createSearcher(pool, false);
    const prefix = '/setting/system/crontab/setting/';
    expect(prefix).toHaveLength(MAX_PATTERN_LENGTH);
    expect(search(prefix)[0].path).toBe('/setting/system/crontab');
    // Uncut, the tail would drown the match; cut, the query finds what its first 32 characters find.
    const long = `${prefix}and then a great deal of text that matches nothing at all`;
    expect(search(long)).toEqual(search(prefix));
  });

  it('matches Chinese titles by their pinyin when asked', async () => {
    const chinese = searchPool(
      registry.routes,
      (key) => ({ 'route.Crew': '班组', 'route.CrewList': '班组列表', 'route.Device': '仪器', 'route.DeviceList': '仪器列表' })[key] ?? key,
    );
    const plain = createSearcher(chinese, false);
    expect(plain('yiqi').map((i) => i.path)).not.toContain('/device/index');
    const withIt = createSearcher(await withPinyin(chinese), true);
    expect(withIt('yiqi')[0].path).toBe('/device');
    expect(withIt('banzu').map((i) => i.path)).toContain('/crew/index');
  });
});

describe("header search in Chinese, with the console's own messages", () => {
  const zh = messages('zh');
  const translate = (key: string, options?: { _?: string }) => zh[key] ?? options?._ ?? key;
  const pool = withSynonyms(searchPool(registry.routes, translate), zh['app.search.synonyms']);
  const search = createSearcher(pool, false);
  const found = (query: string) => search(query).map((i) => i.path);

  it('finds the instrument screens by 仪器, the word the console uses, and by 设备, the word people also search', () => {
    for (const query of ['仪器', '设备']) {
      expect(found(query)).toEqual(expect.arrayContaining(['/device', '/device/index', '/device/doss', '/device/statistics']));
    }
    expect(found('设备统计')[0]).toBe('/device/statistics');
    expect(found('设备列表')[0]).toBe('/device/index');
    // The other word names the same pages; the titles shown stay the console's own.
    expect(pool.find((i) => i.path === '/device/index')?.title).toEqual(['仪器', '仪器列表']);
  });
});

describe('tags', () => {
  const home: View = { path: '/home', title: 'Home', affix: true };
  const crews: View = { path: '/crew/index', title: 'CrewList' };
  const device: View = { path: '/device/3', title: 'DeviceEdit' };
  const devices: View = { path: '/device/index', title: 'DeviceList' };

  it('adds views once by path', () => {
    const views = addView(addView(addView([home], crews), crews), device);
    expect(views.map((v) => v.path)).toEqual(['/home', '/crew/index', '/device/3']);
  });

  it('closes one, others, or all, never an affixed view', () => {
    const views = [home, crews, device, devices];
    expect(closeView(views, '/crew/index').map((v) => v.path)).toEqual(['/home', '/device/3', '/device/index']);
    expect(closeView(views, '/home')).toEqual(views);
    expect(closeOthers(views, '/device/3').map((v) => v.path)).toEqual(['/home', '/device/3']);
    expect(closeAll(views).map((v) => v.path)).toEqual(['/home']);
  });

  it('moves to the nearest remaining view after closing the active one', () => {
    const views = [home, crews, device, devices];
    expect(nextAfterClosing(views, '/device/3')).toBe('/device/index');
    expect(nextAfterClosing(views, '/device/index')).toBe('/device/3');
    expect(nextAfterClosing([crews], '/crew/index')).toBe('/');
  });

  it('leads a tag back to its page as last seen, query included, without drawing the tags again', () => {
    let drawn = 0;
    const stop = tagsStore.subscribe(() => drawn++);
    tagsStore.add(devices);
    expect(tagsStore.target('/device/index')).toBe('/device/index');
    const before = drawn;
    tagsStore.seen('/device/index', '/device/index?page=2');
    expect(drawn).toBe(before);
    expect(tagsStore.target('/device/index')).toBe('/device/index?page=2');
    tagsStore.add({ ...devices });
    expect(tagsStore.views().filter((v) => v.path === '/device/index')).toHaveLength(1);
    // A closed tag forgets where it led.
    tagsStore.close('/device/index');
    expect(tagsStore.target('/device/index')).toBe('/device/index');
    stop();
  });
});

describe('device class', () => {
  it('is mobile below 992 px, tablet below 1200 px, desktop above', () => {
    expect(deviceClass(375)).toBe('mobile');
    expect(deviceClass(991)).toBe('mobile');
    expect(deviceClass(992)).toBe('tablet');
    expect(deviceClass(1199)).toBe('tablet');
    expect(deviceClass(1200)).toBe('desktop');
  });
});

describe('remembered settings', () => {
  afterEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    localStorage.clear();
  });

  it('start from the product defaults', () => {
    expect(loadSettings()).toEqual({
      theme: '#1890ff',
      showSettings: false,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: false,
      supportPinyinSearch: false,
      darkMode: false,
    });
    expect(loadSize()).toBe('medium');
    expect(loadSidebarOpen()).toBe(true);
  });

  it('survive a reload, and ignore what they do not know', () => {
    saveSettings({ ...DEFAULT_SETTINGS, theme: '#13c2c2', tagsView: false });
    expect(loadSettings()).toMatchObject({ theme: '#13c2c2', tagsView: false, fixedHeader: true });
    expect(parseSettings('{"theme":"red","tagsView":"yes","extra":1}')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
  });

  it('keep the sidebar in the sidebarStatus cookie (1 open, 0 closed) and the size in the size cookie', () => {
    saveSidebarOpen(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(loadSidebarOpen()).toBe(false);
    saveSidebarOpen(true);
    expect(Cookies.get('sidebarStatus')).toBe('1');
    saveSize('mini');
    expect(Cookies.get('size')).toBe('mini');
    expect(loadSize()).toBe('mini');
    expect(parseSize('huge')).toBe('medium');
  });
});

describe('formatters', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const say = (key: string, options?: Record<string, unknown>) => `${key}:${options?.smart_count ?? ''}`;

  it('says minutes under an hour, hours under a day, else days', () => {
    expect(relativeTime('2026-11-21T11:59:30Z', now, say)).toBe('app.format.just_now:');
    expect(relativeTime('2026-11-21T11:59:00Z', now, say)).toBe('app.format.minutes:1');
    expect(relativeTime('2026-11-21T11:01:00Z', now, say)).toBe('app.format.minutes:59');
    expect(relativeTime('2026-11-21T11:00:00Z', now, say)).toBe('app.format.hours:1');
    expect(relativeTime('2026-11-20T12:00:01Z', now, say)).toBe('app.format.hours:23');
    expect(relativeTime('2026-11-20T12:00:00Z', now, say)).toBe('app.format.days:1');
    expect(relativeTime(new Date('2026-09-01T12:00:00Z'), now, say)).toBe('app.format.days:81');
  });

  it('abbreviates with k, M, G, T, P, E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1234)).toBe('1.2k');
    expect(abbreviateNumber(2_500_000)).toBe('2.5M');
    expect(abbreviateNumber(7e9)).toBe('7G');
    expect(abbreviateNumber(1.25e12, 2)).toBe('1.25T');
    expect(abbreviateNumber(3e15)).toBe('3P');
    expect(abbreviateNumber(4.04e18)).toBe('4E');
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
  });
});
