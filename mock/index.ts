// The development back-end: fetch-mock hands every /dev-api request to the same Hono app the
// real server runs, here over the in-memory store filled with seeded fake data.
import fetchMock from 'fetch-mock';
import { MockAccounts } from '../server/auth/accounts';
import { createApp } from '../server/app';
import { MemoryStore } from '../server/store/memory';
import { registry } from '../kernel/schema/load-vite';
import { seedStore } from '../kernel/demo/seed';

export async function installMock(): Promise<void> {
  const store = new MemoryStore();
  await seedStore(store, registry);
  const app = createApp({ registry, store, accounts: new MockAccounts() });
  fetchMock.config.allowRelativeUrls = true;
  fetchMock
    .mockGlobal()
    .route(
      (call) => new URL(call.url, window.location.origin).pathname.startsWith('/dev-api/'),
      (call) => app.fetch(call.request ?? new Request(call.url, call.options as RequestInit)),
    )
    // Everything else (the console's own files) goes to the network as usual.
    .spy();
}
