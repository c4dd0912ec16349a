import { useId } from 'react';
import { formatRupees } from '@shared/money';
import type { OverviewDay } from '@shared/admin-orders.schemas';
import { barHeight, niceMax, shortDate, ticks } from '../lib/chart-scale';
import { FiguresTable } from './figures-table';

const WIDTH = 720;
const HEIGHT = 240;
const LEFT = 64;
const BOTTOM = 28;
const TOP = 8;

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Revenue per day as an SVG bar chart (no chart library: the admin chunk stays
 * small). The chart is one image to assistive technology; the same numbers
 * follow in a table.
 */
export function RevenueChart({ days }: { days: OverviewDay[] }) {
  const titleId = useId();
  // At least ₹100, so an empty month still has a readable axis.
  const top = niceMax(Math.max(100, ...days.map((d) => d.revenue)));
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenue, 0);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));

  return (
    <figure className="ad:flex ad:flex-col ad:gap-3">
      {/* On a phone the chart keeps a readable size and scrolls sideways. */}
      <div className="ad:overflow-x-auto ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white" tabIndex={0} role="group" aria-label="Revenue chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} className="ad:h-auto ad:w-full ad:min-w-[36rem]">
          <title id={titleId}>{`Revenue per day for the last ${days.length} days: ${formatRupees(totalRevenue)} from ${totalOrders} orders in all`}</title>
          {ticks(top).map((t) => {
            const y = TOP + plotHeight - barHeight(t, top, plotHeight);
            return (
              <g key={t}>
                <line x1={LEFT} x2={WIDTH} y1={y} y2={y} className="ad:stroke-slate-200" />
                <text x={LEFT - 6} y={y + 4} textAnchor="end" className="ad:fill-slate-600 ad:text-[11px]">
                  ₹{compact.format(t)}
                </text>
              </g>
            );
          })}
          {days.map((d, i) => {
            const h = barHeight(d.revenue, top, plotHeight);
            const x = LEFT + i * slot;
            return (
              <g key={d.date}>
                <rect x={x + slot * 0.15} y={TOP + plotHeight - h} width={slot * 0.7} height={h} rx={2} className="ad:fill-brand-600">
                  <title>{`${shortDate(d.date)}: ${formatRupees(d.revenue)}, ${d.orders} orders`}</title>
                </rect>
                {i % labelEvery === 0 && (
                  <text x={x + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="ad:fill-slate-600 ad:text-[11px]">
                    {shortDate(d.date)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="ad:text-sm ad:text-slate-700">
        {formatRupees(totalRevenue)} from {totalOrders} {totalOrders === 1 ? 'order' : 'orders'} in the last {days.length} days.
      </figcaption>
      <details className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white">
        <summary className="ad:cursor-pointer ad:px-4 ad:py-2 ad:font-medium ad:text-slate-800">Show the numbers as a table</summary>
        <div className="ad:max-h-80 ad:overflow-auto">
          <FiguresTable
            caption="Revenue and orders per day"
            columns={['Date', 'Revenue', 'Orders']}
            rows={days.map((d) => ({
              key: d.date,
              head: <time dateTime={d.date}>{shortDate(d.date)}</time>,
              figures: [formatRupees(d.revenue), d.orders],
            }))}
            dense
            stickyHead
          />
        </div>
      </details>
    </figure>
  );
}
