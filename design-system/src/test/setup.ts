import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installTextOnlyCanvas } from '../stories-support/axe-in-jsdom.ts';

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
  // axe-core measures text on a canvas before comparing labels with names; jsdom has none
  installTextOnlyCanvas();

  document.documentElement.lang = 'es';
  document.title = 'Design system tests';

  afterEach(() => {
    cleanup();
  });
}
