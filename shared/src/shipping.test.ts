import { describe, expect, it } from 'vitest';
import { deliveryText } from './delivery';
import { FREE_SHIPPING, PincodeQuery, rulesFromSettings, settingsFromRules, ShippingSettings, shippingPaise } from './shipping';

const rules = rulesFromSettings(
  ShippingSettings.parse({
    flatRate: 49,
    freeAbove: 999,
    slabs: [
      { zone: 'Local', upToGrams: 500, rate: 40 },
      { zone: 'local', upToGrams: 2000, rate: 60.5 },
      { zone: 'special', upToGrams: 1000, rate: 150 },
    ],
  }),
);

describe('shipping charge', () => {
  it('is free for a shop that sets nothing', () => {
    expect(shippingPaise(FREE_SHIPPING, { goodsPaise: 100, weightGrams: 50_000, zone: 'national' })).toBe(0);
    expect(rulesFromSettings(ShippingSettings.parse({}))).toEqual(FREE_SHIPPING);
  });

  it('is free from the free-shipping value (goods before any coupon)', () => {
    expect(shippingPaise(rules, { goodsPaise: 999_00, weightGrams: 100, zone: 'local' })).toBe(0);
    expect(shippingPaise(rules, { goodsPaise: 998_99, weightGrams: 100, zone: 'local' })).toBe(40_00);
  });

  it('takes the lightest slab of the zone that holds the parcel, the heaviest when none does', () => {
    const at = (weightGrams: number, zone = 'local') => shippingPaise(rules, { goodsPaise: 100_00, weightGrams, zone });
    expect(at(0)).toBe(40_00);
    expect(at(500)).toBe(40_00);
    expect(at(501)).toBe(60_50);
    expect(at(2000)).toBe(60_50);
    expect(at(9000)).toBe(60_50);
    expect(at(9000, 'special')).toBe(150_00);
  });

  it('charges the flat rate in a zone without slabs', () => {
    expect(shippingPaise(rules, { goodsPaise: 100_00, weightGrams: 300, zone: 'national' })).toBe(49_00);
  });

  it('keeps the settings in rupees through paise and back', () => {
    expect(settingsFromRules(rules)).toMatchObject({ flatRate: 49, freeAbove: 999, defaultZone: 'national' });
    expect(settingsFromRules(rules).slabs).toContainEqual({ zone: 'local', upToGrams: 2000, rate: 60.5 });
  });

  it('refuses bad settings', () => {
    expect(ShippingSettings.safeParse({ flatRate: -1 }).success).toBe(false);
    expect(ShippingSettings.safeParse({ flatRate: 1.234 }).success).toBe(false);
    expect(
      ShippingSettings.safeParse({
        slabs: [
          { zone: 'a', upToGrams: 10, rate: 1 },
          { zone: 'A', upToGrams: 10, rate: 2 },
        ],
      }).success,
    ).toBe(false);
    expect(ShippingSettings.safeParse({ slabs: [{ zone: '', upToGrams: 10, rate: 1 }] }).success).toBe(false);
    expect(ShippingSettings.safeParse({ defaultDays: 'soon' }).success).toBe(false);
  });
});

describe('pincodes', () => {
  it.each(['411001', ' 799001 '])('accepts %j', (pincode) => expect(PincodeQuery.safeParse({ pincode }).success).toBe(true));
  it.each(['011001', '41100', '4110011', 'abcdef', ''])('refuses %j', (pincode) => expect(PincodeQuery.safeParse({ pincode }).success).toBe(false));

  it('says where it delivers', () => {
    expect(deliveryText({ pincode: '411001', serviceable: true, days: '3-5', cod: true })).toBe('Delivers to 411001 in 3-5 days · Cash on delivery available');
    expect(deliveryText({ pincode: '411001', serviceable: true, days: '1', cod: false })).toBe('Delivers to 411001 in 1 day');
    expect(deliveryText({ pincode: '411001', serviceable: true, cod: false })).toBe('Delivers to 411001');
    expect(deliveryText({ pincode: '799001', serviceable: false, cod: false })).toBe('We do not deliver to 799001 yet');
  });
});
