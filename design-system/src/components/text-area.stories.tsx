import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { TextArea } from './text-area.tsx';

const meta: Meta<typeof TextArea> = {
  title: 'Forms/TextArea',
  component: TextArea,
  parameters: {
    docs: {
      description: {
        component:
          'A labelled text of several lines, with its hint and its error linked by `aria-describedby`. Enter starts a new line and the line breaks are kept. **Use it for every text the contract marks multi-line** (`x-multiline` in openapi.yaml: an activity’s description and schedule, notes); a text of one line (a name, a place) is a **TextField**, where Enter sends the form.',
      },
    },
  },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextArea
        {...args}
        id="schedule"
        label={t.schedule}
        hint={t.scheduleHint}
        errorPrefix={t.errorPrefix}
        maxLength={500}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof TextArea>;

export const Default: Story = {};
export const WithValue: Story = {
  render: (args, ctx) => meta.render!({ ...args, defaultValue: storyText(ctx).scheduleValue }, ctx),
};
/** Enter adds a line: the text keeps it. */
export const TypingLines: Story = {
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByRole('textbox');
    await userEvent.type(field, 'Lunes, 17:00{Enter}Viernes, 18:00');
    await expect(field).toHaveValue('Lunes, 17:00\nViernes, 18:00');
  },
};
export const WithError: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextArea
        {...args}
        id="schedule"
        label={t.schedule}
        hint={t.scheduleHint}
        error={t.scheduleError}
        errorPrefix={t.errorPrefix}
        defaultValue={t.scheduleValue}
      />
    );
  },
};
export const Optional: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextArea
        {...args}
        label={t.schedule}
        optionalText={t.optional}
        errorPrefix={t.errorPrefix}
      />
    );
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const Narrow: Story = { ...narrow, render: WithError.render };
