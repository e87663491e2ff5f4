/**
 * Stories only: project annotations shared by Storybook (stories/.storybook/preview.ts) and the
 * story tests (composeStories). Adds the "locale" toolbar global and the narrow viewport.
 */
import type { Decorator, Preview } from '@storybook/react-vite';
import { storyLocale } from './sample-text.ts';

export const withLocale: Decorator = (Story, context) => {
  const locale = storyLocale(context);
  return (
    <div lang={locale}>
      <Story />
    </div>
  );
};

/** Story decorator + viewport global for the narrow layout (< 600px): a 360px-wide frame. */
export const narrow = {
  globals: { viewport: { value: 'narrow', isRotated: false } },
  decorators: [
    ((Story) => (
      <div data-testid="narrow-frame" style={{ width: 360, maxWidth: '100%' }}>
        <Story />
      </div>
    )) satisfies Decorator,
  ],
};

export const previewAnnotations = {
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'es', title: 'Español' },
          { value: 'en', title: 'English' },
          { value: 'gl', title: 'Galego' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'es' },
  decorators: [withLocale],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    viewport: {
      options: {
        narrow: {
          name: 'Narrow (360px)',
          styles: { width: '360px', height: '740px' },
          type: 'mobile',
        },
        mobile: {
          name: 'Phone (375px)',
          styles: { width: '375px', height: '812px' },
          type: 'mobile',
        },
        tablet: {
          name: 'Tablet (834px)',
          styles: { width: '834px', height: '1112px' },
          type: 'tablet',
        },
        desktop: {
          name: 'Desktop (1280px)',
          styles: { width: '1280px', height: '1024px' },
          type: 'desktop',
        },
      },
    },
  },
} satisfies Preview;
