import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { SelectField } from './select-field.tsx';

const people = [
  { value: '1', label: 'Ana Pérez Lago — 12345678Z' },
  { value: '2', label: 'Breixo Pérez Lago — 87654321X' },
  { value: '3', label: 'María do Carme Fernández Otero-Villaverde — 11223344B' },
];

const meta: Meta<typeof SelectField> = {
  title: 'Forms/SelectField',
  component: SelectField,
  parameters: {
    docs: {
      description: {
        component:
          'One choice from a short list (a person, a channel). For several choices from a long list (activities of an enrolment) use **MultiSelect**; for two or three options that must all be visible, radio buttons.',
      },
    },
  },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <SelectField
        {...args}
        label={t.person}
        errorPrefix={t.errorPrefix}
        options={[{ value: '', label: t.all }, ...people]}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof SelectField>;

export const Default: Story = {};
export const WithError: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <SelectField
        {...args}
        label={t.person}
        errorPrefix={t.errorPrefix}
        error={t.dniError}
        placeholder="—"
        options={people}
      />
    );
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const Narrow: Story = { ...narrow };
