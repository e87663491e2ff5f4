import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

function Demo({ t, defaultValue = 'pending' }: { t: SampleText; defaultValue?: string }) {
  return (
    <Tabs defaultValue={defaultValue}>
      <TabsList aria-label={t.tabsLabel}>
        <TabsTrigger value="pending">{t.tabPending}</TabsTrigger>
        <TabsTrigger value="completed">{t.tabCompleted}</TabsTrigger>
      </TabsList>
      <TabsContent value="pending">
        <p>{t.pendingEmpty}</p>
      </TabsContent>
      <TabsContent value="completed">
        <p>{t.completedEmpty}</p>
      </TabsContent>
    </Tabs>
  );
}

const meta: Meta<typeof Tabs> = {
  title: 'Navigation/Tabs',
  component: Tabs,
  render: (_args, ctx) => <Demo t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof Tabs>;

export const Default: Story = {};
export const SecondTab: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} defaultValue="completed" />,
};
export const Narrow: Story = { ...narrow };
