// Every message the console names exists in English (and so, by the key-parity test, in zh, es
// and ja): the keys written in src/, the labels built from the size and settings lists, the route
// titles the product promises, and the three messages whose English text is fixed word for word.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SIZES } from '../../src/settings/settings';
import { messages } from '../messages';

const ROOT = join(import.meta.dirname, '../..');

const english = messages('en');
const missing = (keys: string[]) => keys.filter((key) => !english[key]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** "Translated route titles exist for …", as the route.<title> keys of this console. */
const PROMISED_ROUTE_TITLES = [
  'dashboard',
  'Home',
  'Staff',
  'StaffList',
  'StaffDetail',
  'StaffEdit',
  'StaffCreate',
  'StaffPosition',
  'StaffStatistics',
  'Device',
  'DeviceName',
  'DeviceList',
  'DeviceType',
  'DeviceAsset',
  'DeviceRecord',
  'DeviceStatistics',
  'DeviceCreate',
  'DeviceEdit',
  'DeviceSpareParts',
  'DeviceDossier',
  'DeviceDetail',
  'DeviceDelete',
  'Project',
  'ProjectList',
  'ProjectDetail',
  'ProjectEdit',
  'ProjectCreate',
  'ProjectStatistics',
  'ProjectDelete',
  'ProjectDevice',
  'ProjectRecord',
  'ProjectDaily',
  'Crew',
  'CrewList',
  'CrewDetail',
  'CrewEdit',
  'CrewCreate',
  'CrewStatistics',
  'CrewDelete',
  'CrewDevice',
  'CrewRecord',
  'CrewProject',
  'Setting',
  'PermissionManage',
  'Role',
  'RoleManage',
  'Manager',
  'Menu',
  'MenuManage',
  'Log',
  'LoginLog',
  'VisitLog',
  'Message',
  'Notification',
  'System',
  'SystemBackup',
  'SystemDictionary',
  'SystemParameter',
  'SystemCode',
  'DataDictionary',
  'Crontab',
  'GroupData',
  'GroupDataList',
  'Attachment',
];

describe('the English messages', () => {
  it('have every key the console names in its source', () => {
    const named = new Set<string>();
    for (const file of sourceFiles(join(ROOT, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`]((?:app|ra|route)\.[A-Za-z0-9_.]*[A-Za-z0-9_])['"`]/g))
        named.add(match[1]);
    }
    expect(named.size).toBeGreaterThan(50);
    expect(missing([...named])).toEqual([]);
  });

  it('label every size and every switch of the settings drawer', () => {
    expect(missing(SIZES.map((size) => `app.size.${size}`))).toEqual([]);
    const toggles = Object.keys(DEFAULT_SETTINGS).filter((key) => key !== 'theme');
    expect(missing(toggles.map((key) => `app.settings.${key}`))).toEqual([]);
  });

  it('give every route title the product promises', () => {
    expect(missing(PROMISED_ROUTE_TITLES.map((title) => `route.${title}`))).toEqual([]);
  });

  it('say the fixed messages word for word', () => {
    expect(english['app.layout.language_switched']).toBe('Switch Language Success');
    expect(english['app.size.switched']).toBe('Switch Size Success');
    expect(english['app.navbar.fullscreen_unsupported']).toBe('you browser can not work');
  });
});
