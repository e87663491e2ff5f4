import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart.tsx';

const bars = [
  { label: '24/11', longLabel: '24 de noviembre', value: 1500, valueText: '15,00 €' },
  { label: '25/11', longLabel: '25 de noviembre', value: 500, valueText: '5,00 €' },
];

describe('BarChart', () => {
  it('is one named, described image that the keyboard reaches, with the figures as a table', async () => {
    render(
      <BarChart
        id="c"
        title="Pagos por día"
        description="Total 20,00 €"
        bars={bars}
        labelHeader="Día"
        valueHeader="Cobrado"
        showTableLabel="Ver como tabla"
      />,
    );
    const chart = screen.getByRole('img', { name: /Pagos por día/ });
    expect(chart).toHaveAccessibleName('Pagos por día Total 20,00 €');
    await userEvent.tab();
    expect(chart).toHaveFocus();
    const heights = [...chart.querySelectorAll('rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(heights[0]).toBeGreaterThan(heights[1]!);
    await userEvent.click(screen.getByText('Ver como tabla'));
    const table = screen.getByRole('table', { name: 'Pagos por día' });
    expect(table).toHaveTextContent('25 de noviembre5,00 €');
  });

  it('writes the day labels as text under the chart, every fifth and the last, never inside the stretched SVG', () => {
    const month = Array.from({ length: 30 }, (_, i) => ({
      label: `${i + 1}/11`,
      longLabel: `${i + 1} de noviembre`,
      value: i,
      valueText: `${i},00 €`,
    }));
    const { container } = render(
      <BarChart
        id="m"
        title="Pagos por día"
        description="30 días"
        bars={month}
        labelHeader="Día"
        valueHeader="Cobrado"
        showTableLabel="Ver como tabla"
      />,
    );
    expect(container.querySelectorAll('svg text')).toHaveLength(0);
    const axis = [...container.querySelectorAll('[aria-hidden="true"] > span')];
    expect(axis.map((label) => label.textContent)).toEqual([
      '1/11',
      '6/11',
      '11/11',
      '16/11',
      '21/11',
      '26/11',
      '30/11',
    ]);
    // the first starts at the left edge and the last ends at the right one: neither is cut
    expect((axis[0] as HTMLElement).style.left).toBe('0px');
    expect((axis.at(-1) as HTMLElement).style.right).toBe('0px');
    // on a phone only every tenth (and the last) stays
    expect(axis.filter((label) => label.className.includes('max-narrow:hidden'))).toHaveLength(3);
  });
});
