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
  /** Base of the ids tying the chart's title and description to it (unique on the page). */
  id: string;
  /** Names the chart (and its table). */
  title: string;
  /** What the chart shows in words, read by screen readers (e.g. the total and the best day). */
  description: string;
  /** One bar per period, in order (label, value and how people read it). */
  bars: readonly BarChartBar[];
  /** Column headers of the table alternative. */
  labelHeader: string;
  /** Header of the value column, e.g. "Amount". */
  valueHeader: string;
  /** Text of the control that shows the same figures as a table. */
  showTableLabel: string;
  /** Class for the outer wrapper. */
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
        viewBox={`0 0 ${width} ${HEIGHT}`}
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
            </g>
          );
        })}
      </svg>
      <AxisLabels labels={bars.map((bar) => bar.label)} />
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

/**
 * The day labels under the bars, as text rather than inside the SVG: the SVG stretches to the
 * width it is given, which squeezed or cut its own text on a phone ("8/10", "26/1"). Every fifth
 * bar is labelled (and the last), the first aligned left and the last right so none is clipped;
 * on a narrow screen every tenth, so the labels never touch. The table below has every day.
 */
function AxisLabels({ labels }: { labels: string[] }) {
  const last = labels.length - 1;
  return (
    <div aria-hidden="true" className="relative h-5 text-small text-muted-foreground">
      {labels.map((label, i) => {
        if (i % 5 !== 0 && i !== last) return null;
        // the last label stands alone when the fifth before it would crowd it
        if (i === last && i % 5 !== 0 && i % 5 < 3) return null;
        const narrowHidden = i % 10 !== 0 && i !== last;
        const position =
          i === 0
            ? { left: 0 }
            : i === last
              ? { right: 0 }
              : { left: `${((i + 0.5) / labels.length) * 100}%`, transform: 'translateX(-50%)' };
        return (
          <span
            key={i}
            className={cn('absolute top-0 whitespace-nowrap', narrowHidden && 'max-narrow:hidden')}
            style={position}
          >
            {label}
          </span>
        );
      })}
    </div>
  );
}
