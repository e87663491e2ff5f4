import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import { resolve } from 'node:path';
import { mergeConfig } from 'vite';
// the server's own reading of a council file, so stories show what the server would inline
import { councilDataScript, loadCouncil } from '../../bff/src/council.ts';
import { docgenOptions } from '../../design-system/src/stories-support/docgen-options.ts';

/** The two councils the toolbar switches between: their pages' data, inlined into the preview. */
const COUNCILS = { nigran: '../../councils/nigran', ejemplo: '../../councils/ejemplo' };
const councilScripts = Object.entries(COUNCILS)
  .map(([id, dir]) => {
    const council = loadCouncil(resolve(import.meta.dirname, dir, 'council.json'));
    // the bundled council is the page's own (web/src/config/council.ts reads it as it loads)
    return councilDataScript(council, id === 'nigran' ? 'council-data' : `council-data-${id}`);
  })
  .join('\n');

/**
 * Component stories live beside the components in design-system/src, screen stories beside the
 * screens in web/src/features; this package only holds the Storybook configuration. `public/`
 * holds MSW's service worker, which answers the screens' calls with the contract's examples.
 */
const config: StorybookConfig = {
  stories: [
    '../../design-system/src/**/*.stories.@(ts|tsx)',
    '../../web/src/features/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  // MSW's worker, and the councils' files (logos, PDFs) where the app asks for them
  staticDirs: [
    '../public',
    { from: '../../councils/nigran', to: '/council' },
    { from: '../../councils/ejemplo', to: '/council' },
    { from: '../../councils/nigran', to: '/assets' },
  ],
  previewHead: (head) => `${head}\n${councilScripts}`,
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // the dev server's "Get started" checklist (sidebar and menu) is Storybook's own onboarding,
  // nothing of ours; the people opening this Storybook are designers looking at the components
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    // the props tables are the design system's: read its components with its own TypeScript
    // project (so their doc comments and defaults come through), and nothing else (screens and
    // story helpers have no props tables, and were each a "not in the project" warning)
    reactDocgenTypescriptOptions: {
      tsconfigPath: '../design-system/tsconfig.json',
      include: ['../design-system/src/components/*.tsx'],
      exclude: ['**/*.stories.tsx', '**/*.test.tsx'],
      // the same options design-system/src/props-documented.test.ts reads the tables with
      ...docgenOptions,
    },
  },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { plugins: [tailwindcss()] }),
};

export default config;
