import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { ManagerApi } from '../api/manager-api';
import { SessionContext } from '../modules/auth/hooks/session-context';

/** Renders `ui` inside a fresh react-query client and a router at `route`. */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/' }: { route?: string } = {},
): RenderResult {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Renders `ui` as `renderWithProviders` does, for a signed-in manager whose calls go to `api`
 * (a stub holding only the methods the test needs).
 */
export function renderWithApi(
  ui: ReactNode,
  api: object,
  options: { route?: string } = {},
): RenderResult {
  return renderWithProviders(
    <SessionContext.Provider
      value={{ api: api as ManagerApi, signIn: vi.fn(), signOut: vi.fn() }}
    >
      {ui}
    </SessionContext.Provider>,
    options,
  );
}
