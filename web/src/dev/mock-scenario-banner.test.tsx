import { render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { MockScenarioBanner } from './mock-scenario-banner';

afterEach(() => sessionStorage.clear());

it('shows the chosen answers in the page’s flow, above it, covering none of it', () => {
  sessionStorage.setItem(
    'mock-scenarios',
    JSON.stringify([
      {
        method: 'POST',
        path: '/payments/generate-multiple/',
        prefer: 'code=409, example=part_out_of_order',
      },
    ]),
  );
  render(<MockScenarioBanner />);
  const banner = screen.getByRole('complementary', { name: 'Mock scenarios' });
  expect(banner).toHaveTextContent(
    'POST /payments/generate-multiple/: code=409, example=part_out_of_order',
  );
  expect(within(banner).getByRole('link', { name: 'Clear' })).toHaveAttribute('href', '?mock=off');
  // not laid over the page: no fixed, absolute or sticky box
  expect(banner.className).not.toMatch(/\b(fixed|absolute|sticky)\b/);
});
