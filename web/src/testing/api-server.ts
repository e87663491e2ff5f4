import { setupServer } from 'msw/node';
import { contractHandlers } from '../stories-support/contract-handlers';

/**
 * The API as every web test meets it: MSW answering each call from the contract's examples, with
 * the same handlers Storybook uses. A test names the answers it needs with `mockApi`, on top.
 */
export const apiServer = setupServer(...contractHandlers());
