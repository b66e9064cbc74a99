import type { Account } from '@livevote/contracts';
import { requestJson } from './http-client';

export function listAccounts(accessToken: string): Promise<Account[]> {
  return requestJson<Account[]>('/v1/Accounts', { accessToken });
}
