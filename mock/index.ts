// The development back-end: fetch-mock hands every /dev-api request to the same Hono app the
// real server runs, here over the in-memory store filled with seeded fake data, and uploads
// kept in memory (an image is its own thumbnail: the browser has no image library to make one).
import fetchMock from 'fetch-mock';
import { MockAccounts } from '../server/auth/accounts';
import { createApp } from '../server/app';
import { seedDemoReports } from '../server/files/demo';
import { memoryUploads } from '../server/files/memory';
import { createFiles } from '../server/files/service';
import { createPermissions } from '../server/access/permissions';
import { MemoryStore } from '../server/store/memory';
import { registry } from '../kernel/schema/load-vite';
import { seedStore } from '../kernel/demo/seed';

export async function installMock(): Promise<void> {
  const store = new MemoryStore();
  await seedStore(store, registry);
  const uploads = memoryUploads();
  await seedDemoReports(createFiles({ storage: uploads, registry, store, permissions: createPermissions(registry) }), store, registry);
  const app = createApp({ registry, store, accounts: new MockAccounts(), uploads });
  await app.settle();
  await app.adoptReports();
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
