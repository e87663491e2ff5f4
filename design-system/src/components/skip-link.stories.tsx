import type { Meta, StoryObj } from '@storybook/react-vite';
import { SkipLink } from './skip-link.tsx';

const labels = {
  es: 'Saltar al contenido principal',
  en: 'Skip to main content',
  gl: 'Saltar ao contido principal',
} as const;

const meta: Meta<typeof SkipLink> = {
  title: 'Portal/SkipLink',
  component: SkipLink,
  render: (args, ctx) => {
    const locale = ctx.globals['locale'] as keyof typeof labels;
    return (
      <div>
        <SkipLink {...args}>{labels[locale] ?? labels.es}</SkipLink>
        <p>Tab ↹</p>
        <main id="main" tabIndex={-1} />
      </div>
    );
  },
};
export default meta;
type Story = StoryObj<typeof SkipLink>;

export const Default: Story = {};
