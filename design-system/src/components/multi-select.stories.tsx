import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { sampleActivities, storyLocale, storyText } from '../stories-support/sample-text.ts';
import type { Locale } from '../lib/format.ts';
import { MultiSelect, type MultiSelectItem } from './multi-select.tsx';

function Demo({
  locale,
  items,
  error,
  disabled,
}: {
  locale: Locale;
  items: readonly MultiSelectItem[];
  error?: boolean;
  disabled?: boolean;
}) {
  const t = storyText({ globals: { locale } });
  const [value, setValue] = React.useState<string[]>(['2']);
  return (
    <MultiSelect
      label={t.chooseActivities}
      hint={t.chooseActivitiesHint}
      error={error ? t.chooseActivitiesError : undefined}
      errorPrefix={t.errorPrefix}
      items={items}
      value={value}
      onValueChange={setValue}
      locale={locale}
      disabled={disabled}
    />
  );
}

const meta: Meta<typeof MultiSelect> = {
  title: 'Forms/MultiSelect',
  component: MultiSelect,
  parameters: {
    docs: {
      description: {
        component:
          "Several choices from a list that may be long (an enrolment's activities): 4 to 8 rows tall as the spec says (the enrolment form puts a server search above it for a large catalogue). For one choice use **SelectField**.",
      },
    },
  },
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} items={sampleActivities} />,
};
export default meta;
type Story = StoryObj<typeof MultiSelect>;

/** 10 activities: 8 rows tall (the maximum). */
export const Default: Story = {};
/** 2 activities: still 4 rows tall (the minimum). */
export const FewItems: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} items={sampleActivities.slice(0, 2)} />,
};
export const Empty: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} items={[]} />,
};
export const WithError: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} items={sampleActivities} error />,
};
export const Disabled: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} items={sampleActivities} disabled />,
};
export const Narrow: Story = { ...narrow };
