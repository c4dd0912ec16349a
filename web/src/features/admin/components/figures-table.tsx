import type { ReactNode } from 'react';

/** One row of a FiguresTable: what it is about (a product, a day) and its figures, in the columns' order. */
type FiguresRow = { key: string; head: ReactNode; figures: ReactNode[] };

/**
 * A table of figures: the first column heads each row (a product, a day), the others are numbers,
 * right-aligned in tabular digits. `dense` for long lists; `stickyHead` keeps the header in view
 * inside a scrolled box.
 */
export function FiguresTable({
  caption,
  columns,
  rows,
  dense = false,
  stickyHead = false,
}: {
  caption?: string;
  columns: [string, ...string[]];
  rows: FiguresRow[];
  dense?: boolean;
  stickyHead?: boolean;
}) {
  const cell = dense ? 'ad:px-3 ad:py-1.5' : 'ad:px-3 ad:py-2';
  return (
    <table className="ad:w-full ad:text-left ad:text-sm ad:text-slate-800">
      {caption && <caption className="ad:sr-only">{caption}</caption>}
      <thead className={stickyHead ? 'ad:sticky ad:top-0 ad:bg-slate-100' : 'ad:bg-slate-100'}>
        <tr>
          {columns.map((c, i) => (
            <th key={c} scope="col" className={i === 0 ? 'ad:px-3 ad:py-2' : 'ad:px-3 ad:py-2 ad:text-right'}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="ad:border-t ad:border-slate-200">
            <th scope="row" className={`${cell} ad:font-normal`}>
              {r.head}
            </th>
            {r.figures.map((f, i) => (
              <td key={columns[i + 1]} className={`${cell} ad:text-right ad:tabular-nums`}>
                {f}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
