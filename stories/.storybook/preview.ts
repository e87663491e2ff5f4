import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { setupWorker } from 'msw/browser';
import { previewAnnotations } from '@portal/design-system/stories-support/preview-annotations.tsx';
import { councilGlobal, withCouncil } from './council-switch.tsx';
import './storybook.css';

const preview: Preview = {
  ...previewAnnotations,
  globalTypes: { ...previewAnnotations.globalTypes, ...councilGlobal },
  initialGlobals: { ...previewAnnotations.initialGlobals, council: 'nigran' },
  decorators: [...previewAnnotations.decorators, withCouncil],
  // every component gets its documentation page; screens opt out (they have no props)
  tags: ['autodocs'],
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      // relative, so the built Storybook works from any folder it is published in
      await worker.start({
        serviceWorker: { url: './mockServiceWorker.js' },
        quiet: true,
        onUnhandledFrame: 'bypass',
      });
      return worker;
    }),
  ],
  parameters: {
    ...previewAnnotations.parameters,
    // the accessibility panel's checks fail the story in the test run, not only warn
    a11y: { test: 'error' },
  },
};

export default preview;
