// POST /user/login with the trimmed username; the token it answers becomes the session's cookie.
// Shared by the sign-in page of the first load and the console's authProvider.
import { request } from '../api/http';
import { setToken } from '../api/token';

export async function signInOverApi(username: string, password: string): Promise<void> {
  const { data } = await request<{ token: string }>('/user/login', {
    method: 'POST',
    body: { username: String(username ?? '').trim(), password },
  });
  setToken(data.token);
}
