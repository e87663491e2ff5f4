import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

describe('EmailAddress', () => {
  it('offers a line break after the @ and before each dot, and reads as the whole address', () => {
    const { container } = render(<EmailAddress value="xoana.fernandez@example.gal" />);
    expect(container.textContent).toBe('xoana.fernandez@example.gal');
    expect(container.innerHTML).toBe(
      '<span class="break-words">xoana<wbr>.fernandez@<wbr>example<wbr>.gal</span>',
    );
  });
});
