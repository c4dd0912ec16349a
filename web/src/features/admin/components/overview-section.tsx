import { formatRupees } from '@shared/money';
import { LOW_STOCK_THRESHOLD } from '@shared/stock';
import { useOverview } from '../api/overview';
import { reasonOf } from '../lib/admin-fetch';
import { AdminSection, QueryBody } from './admin-section';
import { FiguresTable } from './figures-table';
import { RevenueChart } from './revenue-chart';

/** Beyond SPEC.md: revenue and orders per day for the last 30 days, and the best-selling products. */
export function OverviewSection() {
  const overview = useOverview();
  return (
    <AdminSection title="Overview">
      <QueryBody query={overview} loadingLabel="Loading the overview" errorText={reasonOf(overview.error) ?? 'Could not load the overview.'}>
        {(data) => (
          <>
            <RevenueChart days={data.days} />
            <p className="ad:text-sm ad:text-slate-700" data-cod-to-collect>
              Revenue is money received: a cash-on-delivery order counts once its cash is recorded.{' '}
              {data.codToCollect.orders === 0
                ? 'No cash on delivery to collect.'
                : `COD to collect: ${formatRupees(data.codToCollect.amount)} from ${data.codToCollect.orders} ${data.codToCollect.orders === 1 ? 'order' : 'orders'}.`}
            </p>
            <div>
              <h3 className="ad:text-lg ad:font-semibold ad:text-slate-900">Top products</h3>
              {data.topProducts.length === 0 ? (
                <p className="ad:mt-2 ad:text-slate-700">No sales in the last 30 days.</p>
              ) : (
                <div className="ad:mt-2 ad:overflow-x-auto ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white">
                  <FiguresTable
                    columns={['Product', 'Quantity', 'Revenue']}
                    rows={data.topProducts.map((p) => ({ key: p.title, head: p.title, figures: [p.quantity, formatRupees(p.revenue)] }))}
                  />
                </div>
              )}
            </div>
            <div>
              <h3 className="ad:text-lg ad:font-semibold ad:text-slate-900">Low on stock</h3>
              {data.lowStock.length === 0 ? (
                <p className="ad:mt-2 ad:text-slate-700">No tracked product is at {LOW_STOCK_THRESHOLD} units or fewer.</p>
              ) : (
                <ul
                  className="ad:mt-2 ad:divide-y ad:divide-slate-200 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:text-sm ad:text-slate-800"
                  aria-label="Products low on stock"
                >
                  {data.lowStock.map((p) => (
                    <li key={p.id} className="ad:flex ad:justify-between ad:px-3 ad:py-2">
                      <span>{p.title}</span>
                      <span className={p.stock === 0 ? 'ad:font-semibold ad:text-red-700' : 'ad:tabular-nums'}>
                        {p.stock === 0 ? 'Out of stock' : `${p.stock} left`}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </QueryBody>
    </AdminSection>
  );
}
