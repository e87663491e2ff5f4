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
});
