import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';
import { mergeConfig } from 'vite';

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
  // MSW's worker, and the web app's public files (logo, PDFs) where the app asks for them
  staticDirs: ['../public', '../../web/public'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    // the props tables are the design system's: read its components with its own TypeScript
    // project (so their doc comments and defaults come through), and nothing else (screens and
    // story helpers have no props tables, and were each a "not in the project" warning)
    reactDocgenTypescriptOptions: {
      tsconfigPath: '../design-system/tsconfig.json',
      include: ['../design-system/src/components/*.tsx'],
      exclude: ['**/*.stories.tsx', '**/*.test.tsx'],
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      propFilter: (prop) => !prop.parent?.fileName.includes('node_modules'),
    },
  },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { plugins: [tailwindcss()] }),
};

export default config;
