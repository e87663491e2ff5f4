import { api } from '../lib/api/client';
import { MockScenarioBanner } from './mock-scenario-banner';
import { mockScenarioMiddleware } from './mock-scenarios';

/** Adds QA's chosen Prefer headers to the API client; returns the banner that shows them. */
export function installMockScenarios() {
  api.use(mockScenarioMiddleware(window.location, sessionStorage));
  return <MockScenarioBanner />;
}
