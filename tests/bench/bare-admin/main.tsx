// The yardstick of `npm run bench:frontend`: a bare react-admin 5 app as its documentation
// starts one. One resource over an in-memory data provider, react-admin's own sign-in page,
// Vite's defaults. Nothing here is tuned: it is what the console is measured against.
import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, DateField, List, Resource, TextField, type AuthProvider, type DataProvider } from 'react-admin';

const STATES = ['In stock', 'On site', 'Repair'];
const devices = Array.from({ length: 200 }, (_, i) => ({
  id: i + 1,
  code: `D-${String(i + 1).padStart(5, '0')}`,
  name: `Instrument ${i + 1}`,
  state: STATES[i % STATES.length],
  bought: new Date(Date.UTC(2020, i % 12, 1 + (i % 28))).toISOString(),
}));

type Row = (typeof devices)[number];

// A tiny in-memory provider: the list sorted and paged, the rest as little as the list needs.
const dataProvider = {
  async getList(
    _resource: string,
    { pagination, sort }: { pagination?: { page: number; perPage: number }; sort?: { field: string; order: string } },
  ) {
    const { page = 1, perPage = 10 } = pagination ?? {};
    const field = (sort?.field ?? 'id') as keyof Row;
    const sign = sort?.order === 'DESC' ? -1 : 1;
    const sorted = [...devices].sort((a, b) => (a[field] < b[field] ? -sign : a[field] > b[field] ? sign : 0));
    return { data: sorted.slice((page - 1) * perPage, page * perPage), total: devices.length };
  },
  async getOne(_resource: string, { id }: { id: number }) {
    return { data: devices.find((d) => d.id === Number(id))! };
  },
  async getMany(_resource: string, { ids }: { ids: number[] }) {
    return { data: devices.filter((d) => ids.includes(d.id)) };
  },
} as unknown as DataProvider;

// Any username and password sign in; the session is a key in localStorage.
const authProvider: AuthProvider = {
  async login({ username }: { username: string }) {
    localStorage.setItem('bare-user', username);
  },
  async logout() {
    localStorage.removeItem('bare-user');
  },
  async checkAuth() {
    if (!localStorage.getItem('bare-user')) throw new Error('signed out');
  },
  async checkError() {},
  async getPermissions() {
    return [];
  },
  async getIdentity() {
    return { id: localStorage.getItem('bare-user') ?? '', fullName: localStorage.getItem('bare-user') ?? '' };
  },
};

const DeviceList = () => (
  <List>
    <Datagrid>
      <TextField source="code" />
      <TextField source="name" />
      <TextField source="state" />
      <DateField source="bought" />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} authProvider={authProvider} disableTelemetry>
    <Resource name="device" list={DeviceList} />
  </Admin>,
);
