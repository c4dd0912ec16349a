import { describe, expect, it } from 'vitest';
import type { TaxDocument } from '../invoices/invoices.service';
import { gstr1Json, gstr1SectionCsv, hsnCsv, registerCsv } from './gst-returns';

/** A one-line document at 18 % of `totalPaise` (tax-inclusive), within Maharashtra or to Karnataka. */
function doc(
  kind: TaxDocument['kind'],
  number: string,
  day: string,
  totalPaise: number,
  intraState: boolean,
  invoice?: { number: string; day: string; totalPaise: number },
): TaxDocument {
  const taxablePaise = Math.round((totalPaise * 100) / 118);
  const tax = totalPaise - taxablePaise;
  const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
  return {
    kind,
    number,
    day,
    orderCode: `O${number}`,
    buyer: '=HYPERLINK("x")',
    placeOfSupply: intraState ? { state: 'Maharashtra', code: '27' } : { state: 'Karnataka', code: '29' },
    intraState,
    invoice: invoice ?? { number, day, totalPaise },
    lines: [
      {
        hsn: '9023',
        title: 'Rover',
        rateBp: 1800,
        units: 1,
        shipping: false,
        taxablePaise,
        cgstPaise,
        sgstPaise: intraState ? tax - cgstPaise : 0,
        igstPaise: intraState ? 0 : tax,
        totalPaise,
      },
    ],
  };
}

describe('GST returns from documents', () => {
  it('puts an inter-state invoice above ₹1 lakh in B2CL, one of exactly ₹1 lakh and any intra-state one in B2CS', () => {
    const docs = [
      doc('invoice', 'RK/26-27/000001', '2026-10-01', 1_00_000_00, false),
      doc('invoice', 'RK/26-27/000002', '2026-10-02', 1_00_000_01, false),
      doc('invoice', 'RK/26-27/000003', '2026-10-03', 5_00_000_00, true),
    ];
    const g = gstr1Json(docs, { gstin: '27ABCDE1234F1Z0', fp: '102026' });
    expect(g.b2cl?.[0]?.inv.map((i) => (i as { inum: string }).inum)).toEqual(['RK/26-27/000002']);
    expect(g.b2cs?.map((r) => [r.sply_ty, r.txval])).toEqual([
      ['INTRA', 423728.81],
      ['INTER', 84745.76],
    ]);
  });

  it('used the ₹2.5 lakh limit for invoices before August 2024, also for their later credit notes', () => {
    const invoice = { number: 'RK/24-25/000001', day: '2024-07-31', totalPaise: 2_00_000_00 };
    const g = gstr1Json([doc('credit-note', 'RKC/24-25/00001', '2024-08-05', 1_000_00, false, invoice)], { gstin: '27ABCDE1234F1Z0', fp: '082024' });
    expect(g.cdnur).toBeUndefined();
    expect(g.b2cs?.[0]).toMatchObject({ sply_ty: 'INTER', pos: '29', txval: -847.46, iamt: -152.54 });
  });

  it('writes credit notes negative in the register and keeps cells from being read as formulas', () => {
    const invoice = doc('invoice', 'RK/26-27/000001', '2026-10-01', 1_180_00, true);
    const csv = registerCsv([invoice, doc('credit-note', 'RKC/26-27/00001', '2026-10-02', 118_00, true, invoice.invoice)]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toMatch(/^"Credit note","RKC\/26-27\/00001","2026-10-02","RK\/26-27\/000001",.*"-100.00","-9.00","-9.00","0.00","0.00","-118.00"$/);
  });

  it('nets the HSN summary and counts units back only when a note credits what was left', () => {
    const invoice = doc('invoice', 'RK/26-27/000001', '2026-10-01', 1_180_00, true);
    const part = { ...doc('credit-note', 'RKC/26-27/00001', '2026-10-02', 118_00, true, invoice.invoice) };
    part.lines = part.lines.map((l) => ({ ...l, units: 0 }));
    expect(hsnCsv([invoice, part]).split('\r\n')[1]).toBe('"9023","Models for demonstration","NOS","1","18","900.00","0.00","81.00","81.00","0.00","1062.00"');
    expect(gstr1SectionCsv([invoice, part], 'docs').split('\r\n').slice(1, 3)).toEqual([
      '"Invoices for outward supply","RK/26-27/000001","RK/26-27/000001","1","0"',
      '"Credit Note","RKC/26-27/00001","RKC/26-27/00001","1","0"',
    ]);
  });
});
