import { useMemo, useState } from 'react';
import { GSTR1_SECTIONS, recentPeriods, type Gstr1Section } from '@shared/gst-returns.schemas';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { downloadGstr1Json, downloadGstr1Section, downloadGstRegister, downloadHsnSummary, type GstPeriod } from '../api/gst-reports';
import { withToasts } from '../lib/admin-fetch';
import { AdminSection } from './admin-section';
import { Options, SelectField } from './form-controls';

/** How many months or quarters the picker offers (two financial years). */
const CHOICES = { month: 24, quarter: 8 } as const;

const SECTION_LABELS: Record<Gstr1Section, string> = {
  b2cs: 'B2CS (consumers, by place and rate)',
  b2cl: 'B2CL (large inter-state invoices)',
  cdnur: 'CDNUR (credit notes on B2CL)',
  hsn: 'HSN summary',
  docs: 'Documents issued',
};

/**
 * GST reports (accounts and the owner): pick a month or a quarter, download the invoice and
 * credit-note register, the HSN summary and GSTR-1 (the offline tool's JSON, or a section as CSV).
 */
export function GstReportsSection() {
  const [kind, setKind] = useState<'month' | 'quarter'>('month');
  const choices = useMemo(() => recentPeriods(new Date(), kind, CHOICES[kind]), [kind]);
  const [chosen, setChosen] = useState(0);
  const period: GstPeriod = choices[chosen] ?? choices[0]!;
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, what: string) => {
    setBusy(true);
    await withToasts(action, `${what} downloaded`, `Could not download the ${what.toLowerCase()}`);
    setBusy(false);
  };

  return (
    <AdminSection title="GST reports">
      <p className="ad:text-sm ad:text-slate-700">
        Figures come from the invoices and credit notes issued in the period (days in India time). Have your accountant check them before you file.
      </p>
      <form aria-label="GST report period" className="ad:grid ad:items-end ad:gap-3 ad:sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="ad:flex ad:flex-wrap ad:gap-4">
          <legend className="ad:mb-1 ad:font-medium ad:text-slate-800">Return period</legend>
          {(['month', 'quarter'] as const).map((k) => (
            <label key={k} className="ad:inline-flex ad:items-center ad:gap-2 ad:text-slate-800">
              <input
                type="radio"
                name="gst-period-kind"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setChosen(0);
                }}
              />
              {k === 'month' ? 'Monthly' : 'Quarterly'}
            </label>
          ))}
        </fieldset>
        <SelectField label={kind === 'month' ? 'Month' : 'Quarter'} value={String(chosen)} onChange={(e) => setChosen(Number(e.target.value))}>
          <Options of={choices.map((c, i) => ({ value: String(i), label: c.label }))} />
        </SelectField>
      </form>
      <div className="ad:flex ad:flex-col ad:gap-2 ad:sm:flex-row ad:sm:flex-wrap">
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void run(() => downloadGstRegister(period), 'Register')}>
          Download register (CSV)
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void run(() => downloadHsnSummary(period), 'HSN summary')}>
          Download HSN summary (CSV)
        </button>
        <button type="button" className={secondaryButton} disabled={busy} onClick={() => void run(() => downloadGstr1Json(period), 'GSTR-1')}>
          Download GSTR-1 (JSON)
        </button>
      </div>
      <section aria-labelledby="gstr1-csv-heading" className="ad:flex ad:flex-col ad:gap-2">
        <h3 id="gstr1-csv-heading" className="ad:font-semibold ad:text-slate-900">
          GSTR-1 sections as CSV (for the offline tool)
        </h3>
        <ul className="ad:flex ad:flex-col ad:gap-2 ad:sm:flex-row ad:sm:flex-wrap">
          {GSTR1_SECTIONS.map((s) => (
            <li key={s}>
              <button
                type="button"
                className={`${secondaryButton} ad:w-full ad:sm:w-auto`}
                disabled={busy}
                onClick={() => void run(() => downloadGstr1Section(period, s), `GSTR-1 ${s.toUpperCase()}`)}
              >
                {SECTION_LABELS[s]}
              </button>
            </li>
          ))}
        </ul>
      </section>
    </AdminSection>
  );
}
