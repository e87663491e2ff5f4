import { cn } from '../lib/cn.ts';

export type BarChartBar = {
  /** Short label under the bar (e.g. "24/11"). */
  label: string;
  /** Full label for the table and the bar's tooltip (e.g. "24 November 2026"). */
  longLabel: string;
  value: number;
  /** The value as people read it (e.g. "1.515,00 €"). */
  valueText: string;
};

export type BarChartProps = {
  id: string;
  /** Names the chart (and its table). */
  title: string;
  /** What the chart shows in words, read by screen readers (e.g. the total and the best day). */
  description: string;
  bars: readonly BarChartBar[];
  /** Column headers of the table alternative. */
  labelHeader: string;
  valueHeader: string;
  /** Text of the control that shows the same figures as a table. */
  showTableLabel: string;
  className?: string;
};

const HEIGHT = 120;
const BAR_GAP = 2;

/**
 * A small bar chart drawn as SVG (no chart library: thirty bars need none). It is one image with
 * a title and a description for screen readers, reachable with the keyboard, and the same
 * figures are one click away as a table.
 */
export function BarChart({
  id,
  title,
  description,
  bars,
  labelHeader,
  valueHeader,
  showTableLabel,
  className,
}: BarChartProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const width = Math.max(1, bars.length) * 12;
  return (
    <figure data-slot="bar-chart" className={cn('flex flex-col gap-2', className)}>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        tabIndex={0}
        viewBox={`0 0 ${width} ${HEIGHT + 14}`}
        preserveAspectRatio="none"
        className="h-40 w-full rounded-control border border-border-subtle bg-background focus-ring"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.map((bar, i) => {
          const height = Math.round((bar.value / max) * HEIGHT);
          return (
            <g key={bar.longLabel}>
              <rect
                x={i * 12 + BAR_GAP / 2}
                y={HEIGHT - height}
                width={12 - BAR_GAP}
                height={Math.max(height, bar.value > 0 ? 1 : 0)}
                className="fill-primary"
              >
                <title>{`${bar.longLabel}: ${bar.valueText}`}</title>
              </rect>
              {i % 5 === 0 || i === bars.length - 1 ? (
                <text
                  x={i * 12 + 6}
                  y={HEIGHT + 11}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[7px]"
                  aria-hidden="true"
                >
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{title}</figcaption>
      <details className="text-small">
        <summary className="cursor-pointer rounded-sm font-semibold text-link underline underline-offset-4 focus-ring">
          {showTableLabel}
        </summary>
        <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={title}>
          <table className="w-full border-collapse text-small">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b border-border p-1 text-start">
                  {labelHeader}
                </th>
                <th scope="col" className="border-b border-border p-1 text-end">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.longLabel}>
                  <th
                    scope="row"
                    className="border-b border-border-subtle p-1 text-start font-normal"
                  >
                    {bar.longLabel}
                  </th>
                  <td className="border-b border-border-subtle p-1 text-end">{bar.valueText}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
