import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { catalogs } from '../i18n/catalogs';
import { primeMessages } from '../i18n/message-store';
import { forgetPublicConfig } from '../lib/public-config';
import { apiServer } from './api-server';

// what Radix needs and jsdom lacks
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
// jsdom's Blob has no stream(), which Node's fetch reads a multipart body's files with
Blob.prototype.stream ??= function stream(this: Blob) {
  const bytes = this.arrayBuffer();
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async start(controller) {
      controller.enqueue(new Uint8Array(await bytes));
      controller.close();
    },
  });
};

// findBy/waitFor wait for an outcome; on a loaded two-core CI machine 1 s (the default) is short
configure({ asyncUtilTimeout: 4000 });

// every catalog at once, so screens render their texts synchronously in tests
primeMessages(catalogs);

// every call goes through MSW; one that reaches no handler fails the test
beforeAll(() => apiServer.listen({ onUnhandledFrame: 'error' }));
afterAll(() => apiServer.close());

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  localStorage.clear();
  forgetPublicConfig();
});
