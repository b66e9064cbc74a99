import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { json, problem, stubFetch } from '../test/fetch-stub';
import { renderHook } from '@testing-library/react';
import { useErrorText } from '../modules/ui/hooks/useErrorText';
import { ApiError, request } from './http-client';

describe('http-client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for problem details in the language the page shows', async () => {
    const requests = stubFetch(() => json(200, {}));
    await request('/v1/Accounts');
    await i18n.changeLanguage('fr');
    await request('/v1/Accounts');
    expect(requests.map((r) => r.headers.get('accept-language'))).toEqual([
      'en',
      'fr',
    ]);
  });

  it('shows the detail the server wrote, and its own messages in the page’s language', async () => {
    stubFetch(() =>
      problem({
        status: 409,
        title: 'Conflit',
        code: 'unit_taken',
        detail: 'Un autre membre de cette assemblée a déjà cette unité.',
      }),
    );
    await i18n.changeLanguage('fr');
    const errorMessage = renderHook(() => useErrorText()).result.current;
    const caught: unknown = await request('/v1/x').catch((e) => e);
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).code).toBe('unit_taken');
    expect(errorMessage(caught)).toBe(
      'Un autre membre de cette assemblée a déjà cette unité.',
    );
    expect(errorMessage(new ApiError(502))).toBe(
      'Le serveur a répondu avec le code 502.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
    );
    await i18n.changeLanguage('en');
    expect(new ApiError(502).message).toBe(
      'The server answered with status 502.',
    );
  });
});
