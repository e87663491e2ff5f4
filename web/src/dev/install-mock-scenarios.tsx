import { addRequestHook } from '../lib/api/call-rules';
import { api } from '../lib/api/client';
import { MockScenarioBanner } from './mock-scenario-banner';
import { mockScenarioMiddleware, withPrefer } from './mock-scenarios';

/** Adds QA's chosen Prefer headers to every API call; returns the banner that shows them. */
export function installMockScenarios() {
  api.use(mockScenarioMiddleware(window.location, sessionStorage));
  // the first screen's calls (configuration, login, logout) go without the typed client
  addRequestHook((request) => withPrefer(request, sessionStorage) ?? request);
  return <MockScenarioBanner />;
}
