// A menu entry's path is a route path or a web or mail link: never a link of another scheme
// (javascript:, data:, vbscript:…), which the menu would follow when clicked.
import { describe, expect, it } from 'vitest';
import { type Envelope, makeApi, registry } from './helpers';

const menu = registry.resources.menu['x-resource'].endpoints;

describe('menu paths', () => {
  it('refuses a path with a scheme other than http, https or mailto', async () => {
    const api = await makeApi();
    for (const path of ['javascript:alert', 'JavaScript:void', 'javascript:/x', 'data:text', 'vbscript:x', 'x:y']) {
      const answer = (await api.call('POST', menu.add!.path, { body: { title: 'Evil', path } })) as Envelope<unknown> & {
        errors?: { field: string }[];
      };
      expect(answer.code, path).toBe(40001);
      expect(
        answer.errors?.map((e) => e.field),
        path,
      ).toContain('path');
    }
  });

  it('takes route paths (with parameters), and web and mail links', async () => {
    const api = await makeApi();
    for (const path of ['/device', 'record/:id', ':id', '/project/daily/:id/:tid', 'https://example.com/a?b=1', 'mailto:ops@example.com']) {
      const answer = await api.call('POST', menu.add!.path, { body: { title: 'Fine', path } });
      expect(answer.code, `${path}: ${JSON.stringify(answer)}`).toBe(20000);
    }
  });
});
