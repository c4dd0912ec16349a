import { describe, expect, it } from 'vitest';
import { COD_OFF, CodCollectionInput, CodSettings, codRefusal, codRulesFromSettings, codSettingsFromRules } from './cod';

const on = { ...COD_OFF, enabled: true, minPaise: 500_00, maxPaise: 5_000_00 };
const order = (valuePaise: number, pincodeAllowsCod = true) => ({ valuePaise, pincode: '411001', pincodeAllowsCod });

describe('cash on delivery rules', () => {
  it('refuses when disabled, for a pincode without COD, below the minimum and above the maximum', () => {
    expect(codRefusal(COD_OFF, order(1000_00))).toBe('Cash on delivery is not offered. Please pay online.');
    expect(codRefusal(on, order(1000_00, false))).toBe('Cash on delivery is not available for 411001. Please pay online.');
    expect(codRefusal(on, order(499_99))).toBe('Cash on delivery is available for orders of ₹500.00 or more. Please pay online.');
    expect(codRefusal(on, order(5_000_01))).toBe('Cash on delivery is available for orders up to ₹5,000.00. Please pay online.');
  });

  it('allows the limits themselves and no limits at all', () => {
    expect(codRefusal(on, order(500_00))).toBeNull();
    expect(codRefusal(on, order(5_000_00))).toBeNull();
    expect(codRefusal({ ...COD_OFF, enabled: true }, order(100))).toBeNull();
  });

  it('reads settings in rupees and gives them back', () => {
    const settings = CodSettings.parse({ enabled: true, min: 500, max: 5000, fee: 49.5, maxOpen: 2 });
    expect(codRulesFromSettings(settings)).toEqual({ enabled: true, minPaise: 500_00, maxPaise: 5000_00, feePaise: 49_50, maxOpen: 2, maxReturns: 2 });
    expect(codSettingsFromRules(codRulesFromSettings(settings))).toEqual(settings);
    expect(CodSettings.safeParse({ enabled: true, min: 600, max: 500 }).success).toBe(false);
    expect(CodSettings.safeParse({ enabled: true, maxOpen: 0 }).success).toBe(false);
  });

  it('takes a collection with a reference and a past day only', () => {
    expect(CodCollectionInput.safeParse({ amount: 1229, reference: 'DTDC-REM-1' }).success).toBe(true);
    expect(CodCollectionInput.safeParse({ amount: 1229, reference: ' ' }).success).toBe(false);
    expect(CodCollectionInput.safeParse({ amount: 1229, reference: 'R1', date: '2999-01-01' }).success).toBe(false);
    expect(CodCollectionInput.safeParse({ amount: 1229, reference: 'R1', date: '2026-02-30' }).success).toBe(false);
  });
});
