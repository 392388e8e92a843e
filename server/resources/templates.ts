// The wire contract's template calls that are not resources: answered where the template
// resources are served (the in-browser mock), never by the real server, whose registry has none.
import type { Registry } from '../../kernel/schema/registry';
import { ok } from '../context';
import type { Api } from '../http/endpoints';

const pvData = [
  { key: 'PC', pv: 1024 },
  { key: 'mobile', pv: 1024 },
  { key: 'ios', pv: 1024 },
  { key: 'android', pv: 1024 },
];

export function registerTemplates(api: Api, registry: Registry) {
  if (!registry.resources.article) return;
  api.on(
    {
      method: 'GET',
      path: '/article/pv',
      access: { resource: 'article' },
      doc: {
        tags: ['article'],
        summary: 'Page views by platform',
        data: {
          type: 'object',
          required: ['pvData'],
          properties: {
            pvData: {
              type: 'array',
              items: { type: 'object', required: ['key', 'pv'], properties: { key: { type: 'string' }, pv: { type: 'integer' } } },
            },
          },
        },
      },
    },
    (c) => ok(c, { pvData }),
  );
}
