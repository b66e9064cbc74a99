import { i18n } from '../i18n/i18n';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  void i18n.changeLanguage('en');
});
