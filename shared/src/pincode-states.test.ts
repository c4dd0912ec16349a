import { describe, expect, it } from 'vitest';
import { DeliveryAddress, SignUpStep3, UpdateProfileInput } from './account.schemas';
import { GST_STATES } from './gst';
import { placeOfSupply, statesOfPincode } from './pincode-states';

const address = { name: 'Asha Patil', phone: '9876543210', address: '1 Janpath', city: 'New Delhi' };

describe('the states a pincode can be in', () => {
  it('reads the postal circle from the first digits, three where a range lies in another state', () => {
    expect(statesOfPincode('110001')).toEqual(['Delhi']);
    expect(statesOfPincode('411001')).toEqual(['Maharashtra']);
    expect(statesOfPincode('403001')).toEqual(['Goa']);
    expect(statesOfPincode('737101')).toEqual(['Sikkim']);
    expect(statesOfPincode('744101')).toEqual(['Andaman and Nicobar Islands']);
    expect(statesOfPincode('560001')).toEqual(['Karnataka']);
    expect(statesOfPincode(' 700001 ')).toEqual(['West Bengal']);
  });

  it('allows every state of a shared range', () => {
    expect(statesOfPincode('160017')).toEqual(['Chandigarh', 'Punjab']);
    expect(statesOfPincode('682555')).toEqual(['Kerala', 'Lakshadweep']);
    expect(statesOfPincode('507111')).toEqual(['Telangana', 'Andhra Pradesh']);
    expect(statesOfPincode('605001')).toEqual(['Tamil Nadu', 'Puducherry']);
    expect(statesOfPincode('781131')).toEqual(['Assam', 'Meghalaya']);
  });

  it('names no state for a prefix it does not hold, nor for what is no pincode', () => {
    expect(statesOfPincode('900001')).toBeNull(); // the Army Postal Service
    expect(statesOfPincode('011001')).toBeNull();
    expect(statesOfPincode('11001')).toBeNull();
    expect(statesOfPincode('1100011')).toBeNull();
    expect(statesOfPincode('a110001')).toBeNull();
  });

  it('holds the table read against India Post’s prefixes (three-digit prefixes with the same states, as ranges)', () => {
    const ranges: string[] = [];
    let start = 100;
    const named = (prefix: number) => (statesOfPincode(`${prefix}001`) ?? ['none']).join(' or ');
    for (let prefix = 101; prefix <= 1000; prefix++) {
      if (prefix <= 999 && named(prefix) === named(start)) continue;
      ranges.push(`${start}-${prefix - 1}: ${named(start)}`);
      start = prefix;
    }
    expect(ranges).toMatchSnapshot();
  });

  it('names only states the invoices know (GST state names)', () => {
    const names = new Set(GST_STATES.map((s) => s.name));
    for (let prefix = 100; prefix <= 999; prefix++) for (const s of statesOfPincode(`${prefix}001`) ?? []) expect(names).toContain(s);
  });
});

describe('the place of supply of a delivery (decision 111)', () => {
  // The pincode's state when its prefix names one and the typed state is not it (403 is Goa's inside
  // Maharashtra's 40: the longer prefix decides); else the typed state, as typed: when the pincode can
  // be in it, in a range several states share (even one of none of them), when the pincode names none.
  it.each`
    state                | zipCode       | place
    ${'Maharashtra'}     | ${'110001'}   | ${'Delhi'}
    ${'Bombay'}          | ${'400001'}   | ${'Maharashtra'}
    ${'Test State'}      | ${'123456'}   | ${'Haryana'}
    ${'Maharashtra'}     | ${' 560001 '} | ${'Karnataka'}
    ${'Maharashtra'}     | ${'403001'}   | ${'Goa'}
    ${'Delhi'}           | ${'110001'}   | ${'Delhi'}
    ${' delhi '}         | ${'110001'}   | ${' delhi '}
    ${'Jammu & Kashmir'} | ${'190001'}   | ${'Jammu & Kashmir'}
    ${'Chandigarh'}      | ${'160017'}   | ${'Chandigarh'}
    ${'Punjab'}          | ${'160055'}   | ${'Punjab'}
    ${'Haryana'}         | ${'160017'}   | ${'Haryana'}
    ${'Maharashtra'}     | ${'900001'}   | ${'Maharashtra'}
    ${'Test State'}      | ${'11000'}    | ${'Test State'}
    ${'Bombay'}          | ${''}         | ${'Bombay'}
  `('is $place for $state with pincode "$zipCode"', ({ state, zipCode, place }: { state: string; zipCode: string; place: string }) => {
    expect(placeOfSupply({ state, zipCode })).toBe(place);
  });

  // Read against India Post's directory (decision 111, "Checked against India Post's directory"): a
  // post office of each prefix the check changed, with its state. The state it is in, typed, is kept;
  // another typed state gives way to it where the prefix names it alone, and is kept where the prefix
  // is shared (the shopper's word).
  it.each`
    zipCode     | office                            | state                  | shared
    ${'194101'} | ${'Leh City S.O'}                 | ${'Ladakh'}            | ${false}
    ${'194103'} | ${'Kargil, Minji B.O'}            | ${'Ladakh'}            | ${false}
    ${'241001'} | ${'Hardoi HO'}                    | ${'Uttar Pradesh'}     | ${false}
    ${'244001'} | ${'Moradabad City SO'}            | ${'Uttar Pradesh'}     | ${true}
    ${'244713'} | ${'Kashipur, Kila Street SO'}     | ${'Uttarakhand'}       | ${true}
    ${'246001'} | ${'Pauri HO'}                     | ${'Uttarakhand'}       | ${true}
    ${'246701'} | ${'Bijnor HO'}                    | ${'Uttar Pradesh'}     | ${true}
    ${'247667'} | ${'IIT Roorkee SO'}               | ${'Uttarakhand'}       | ${true}
    ${'248001'} | ${'Dehradun GPO'}                 | ${'Uttarakhand'}       | ${false}
    ${'262001'} | ${'Pilibhit HO'}                  | ${'Uttar Pradesh'}     | ${true}
    ${'262308'} | ${'Khatima SO'}                   | ${'Uttarakhand'}       | ${true}
    ${'263001'} | ${'Tallital SO, Nainital'}        | ${'Uttarakhand'}       | ${false}
    ${'500001'} | ${'Hyderabad G.P.O.'}             | ${'Telangana'}         | ${false}
    ${'507111'} | ${'Bhadrachalam H.O'}             | ${'Telangana'}         | ${true}
    ${'507130'} | ${'Donkarayi S.O (until 533348)'} | ${'Andhra Pradesh'}    | ${true}
    ${'600001'} | ${'Chennai G.P.O.'}               | ${'Tamil Nadu'}        | ${false}
    ${'605001'} | ${'Pondicherry HO'}               | ${'Puducherry'}        | ${true}
    ${'607402'} | ${'Bahoor SO'}                    | ${'Puducherry'}        | ${true}
    ${'609602'} | ${'Karaikal S.O'}                 | ${'Puducherry'}        | ${true}
    ${'781001'} | ${'Guwahati G.P.O.'}              | ${'Assam'}             | ${true}
    ${'781131'} | ${'Jirang B.O (Ri Bhoi)'}         | ${'Meghalaya'}         | ${true}
    ${'782410'} | ${'Umlapher B.O (Ri Bhoi)'}       | ${'Meghalaya'}         | ${true}
    ${'783134'} | ${'Kharkutta B.O (Garo Hills)'}   | ${'Meghalaya'}         | ${true}
    ${'784001'} | ${'Tezpur Bazar S.O'}             | ${'Assam'}             | ${false}
    ${'791111'} | ${'Itanagar H.O'}                 | ${'Arunachal Pradesh'} | ${false}
    ${'793001'} | ${'Shillong G.P.O.'}              | ${'Meghalaya'}         | ${false}
    ${'795001'} | ${'Imphal H.O'}                   | ${'Manipur'}           | ${false}
    ${'796001'} | ${'Aizawl H.O'}                   | ${'Mizoram'}           | ${false}
    ${'797112'} | ${'Dimapur S.O'}                  | ${'Nagaland'}          | ${false}
    ${'799001'} | ${'Agartala H.O'}                 | ${'Tripura'}           | ${false}
    ${'811201'} | ${'Munger Fort SO'}               | ${'Bihar'}             | ${false}
    ${'813208'} | ${'Mirzachowki S.O (Sahebganj)'}  | ${'Jharkhand'}         | ${true}
    ${'814131'} | ${'Chandan SO (Banka)'}           | ${'Bihar'}             | ${true}
    ${'823001'} | ${'Gaya, Chowk SO'}               | ${'Bihar'}             | ${false}
    ${'826001'} | ${'Dhanbad HO'}                   | ${'Jharkhand'}         | ${false}
    ${'834001'} | ${'Ranchi, Church Road SO'}       | ${'Jharkhand'}         | ${false}
  `('supplies $zipCode ($office) to $state', ({ zipCode, state, shared }: { zipCode: string; state: string; shared: boolean }) => {
    expect(statesOfPincode(zipCode)).toContain(state);
    expect(placeOfSupply({ state, zipCode })).toBe(state);
    expect(placeOfSupply({ state: 'Maharashtra', zipCode })).toBe(shared ? 'Maharashtra' : state);
  });

  it('refuses no address: every schema takes a state its pincode cannot be in', () => {
    const wrong = { state: 'Maharashtra', zipCode: '110001' };
    expect(DeliveryAddress.safeParse({ ...address, ...wrong }).success).toBe(true);
    expect(SignUpStep3.safeParse({ address: '1 Janpath', city: 'New Delhi', ...wrong }).success).toBe(true);
    expect(UpdateProfileInput.safeParse({ ...address, username: 'asha', ...wrong }).success).toBe(true);
    expect(UpdateProfileInput.safeParse({ ...address, username: 'asha', state: 'Test State', zipCode: '123456' }).success).toBe(true);
  });
});
