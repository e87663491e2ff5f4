import { rememberedScenarios } from './mock-scenarios';

/**
 * Development against the mock only: which answers QA has chosen, and a link that clears them,
 * so nobody forgets a scenario is on. Plain text, outside the app's layout.
 */
export function MockScenarioBanner() {
  const scenarios = rememberedScenarios(sessionStorage);
  if (scenarios.length === 0) return null;
  return (
    <aside
      aria-label="Mock scenarios"
      className="fixed right-2 bottom-2 z-50 max-w-sm rounded-control border-2 border-foreground bg-background p-2 text-small"
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
