import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The page's alert shows this text. Waits for the text itself, not just for an alert: right after
 * typing and submitting, the alert can still show the previous state for a moment.
 */
export async function expectAlert(text: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
}
