import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { BarChart, type BarChartBar } from './bar-chart.tsx';

const bars: BarChartBar[] = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 9, 27 + i));
  const value = i % 7 === 5 ? 0 : Math.round(400 + 300 * Math.sin(i / 3) + i * 25);
  return {
    label: `${day.getUTCDate()}/${day.getUTCMonth() + 1}`,
    longLabel: day.toISOString().slice(0, 10),
    value,
    valueText: `${value},00 €`,
  };
});

const meta: Meta<typeof BarChart> = {
  title: 'Data/BarChart',
  component: BarChart,
  args: {
    id: 'story-chart',
    title: 'Pagos por día, últimos 30 días',
    description: 'Total 18.450,00 €; el mejor día, 24/11, 1.515,00 €.',
    bars,
    labelHeader: 'Día',
    valueHeader: 'Cobrado',
    showTableLabel: 'Ver los datos como tabla',
  },
};
export default meta;
type Story = StoryObj<typeof BarChart>;

export const ThirtyDays: Story = {};
export const NoPayments: Story = {
  args: { bars: bars.map((bar) => ({ ...bar, value: 0, valueText: '0,00 €' })) },
};
export const Narrow: Story = { ...narrow };
