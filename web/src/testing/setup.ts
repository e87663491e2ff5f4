import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { catalogs } from '../i18n/catalogs';
import { primeMessages } from '../i18n/message-store';

// every catalog at once, so screens render their texts synchronously in tests
primeMessages(catalogs);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
