import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { Stepper } from './stepper.tsx';

const meta: Meta<typeof Stepper> = {
  title: 'Navigation/Stepper',
  component: Stepper,
  args: { currentIndex: 0 },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <Stepper
        {...args}
        label={t.stepsLabel}
        completedText={t.completed}
        steps={[
          { id: 'form', label: t.stepForm },
          { id: 'code', label: t.stepCode },
          { id: 'done', label: t.stepDone },
        ]}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof Stepper>;

export const FirstStep: Story = {};
export const SecondStep: Story = { args: { currentIndex: 1 } };
export const LastStep: Story = { args: { currentIndex: 2 } };
export const Narrow: Story = { ...narrow, args: { currentIndex: 1 } };
