import { expect, type APIRequestContext } from '@playwright/test';
import { e2eContext } from './context';

/** The demo chair's access token for the management API. */
export async function chairToken(request: APIRequestContext): Promise<string> {
  const { baseUrl, demo } = e2eContext();
  const response = await request.post(`${baseUrl}/auth/token`, {
    data: { username: demo.signIn.username, password: demo.signIn.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** POSTs as the demo chair and answers the created resource. */
export async function postAsChair<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`${e2eContext().baseUrl}${path}`, {
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}
