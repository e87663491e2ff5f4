import { rememberedScenarios } from './mock-scenarios';

/**
 * Development against the mock only: which answers QA has chosen, and a link that clears them,
 * so nobody forgets a scenario is on. Plain text, outside the app's layout: a strip above the
 * page, in its flow, so it covers none of the page (a box fixed in a corner hid the pay bar's
 * button and the Help button).
 */
export function MockScenarioBanner() {
  const scenarios = rememberedScenarios(sessionStorage);
  if (scenarios.length === 0) return null;
  return (
    <aside
      aria-label="Mock scenarios"
      data-slot="mock-scenario-banner"
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b-2 border-foreground bg-background px-4 py-2 text-small wrap-anywhere"
    >
      <p className="font-semibold">Prism mock — Prefer:</p>
      <ul>
        {scenarios.map((scenario) => (
          <li key={`${scenario.method} ${scenario.path}`}>
            <code>
              {scenario.method} {scenario.path}: {scenario.prefer}
            </code>
          </li>
        ))}
      </ul>
      <a href="?mock=off" className="underline">
        Clear
      </a>
    </aside>
  );
}
