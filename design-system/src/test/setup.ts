import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

if (typeof document !== 'undefined') {
  // jsdom lacks these browser APIs that Radix primitives touch.
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  // axe-core probes a canvas for icon fonts; jsdom has none (avoids "Not implemented" noise).
  HTMLCanvasElement.prototype.getContext = (() =>
    null) as typeof HTMLCanvasElement.prototype.getContext;

  document.documentElement.lang = 'es';
  document.title = 'Design system tests';

  afterEach(() => {
    cleanup();
  });
}
