import { describe, expect, it } from 'vitest';
import { DeliveryAddress, SignUpStep3, UpdateProfileInput } from './account.schemas';
import { GST_STATES } from './gst';
import { pincodeStateMessages, stateProblem, statesOfPincode } from './pincode-states';

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
    expect(statesOfPincode('500001')).toEqual(['Telangana', 'Andhra Pradesh']);
    expect(statesOfPincode('605001')).toContain('Puducherry');
    expect(statesOfPincode('793001')).toContain('Meghalaya');
  });

  it('names no state for a prefix it does not hold, nor for what is no pincode', () => {
    expect(statesOfPincode('900001')).toBeNull(); // the Army Postal Service
    expect(statesOfPincode('011001')).toBeNull();
    expect(statesOfPincode('11001')).toBeNull();
  });

  it('names only states the invoices know (GST state names)', () => {
    const names = new Set(GST_STATES.map((s) => s.name));
    for (let prefix = 100; prefix <= 999; prefix++) for (const s of statesOfPincode(`${prefix}001`) ?? []) expect(names).toContain(s);
  });
});

describe("an address's state against its pincode", () => {
  it('refuses a state the pincode cannot be in, naming the pincode and its state(s)', () => {
    expect(stateProblem({ state: 'Maharashtra', zipCode: '110001' })).toEqual({ pincode: '110001', states: ['Delhi'] });
    expect(stateProblem({ state: 'Delhi', zipCode: '110001' })).toBeNull();
    expect(stateProblem({ state: ' delhi ', zipCode: '110001' })).toBeNull();
    expect(stateProblem({ state: 'Jammu & Kashmir', zipCode: '190001' })).toBeNull();
    expect(stateProblem({ state: 'Bombay', zipCode: '400001' })).toEqual({ pincode: '400001', states: ['Maharashtra'] });
    expect(pincodeStateMessages.stateNotOfPincode('110001', ['Delhi'])).toBe('Pincode 110001 is in Delhi: enter that state, or check the pincode');
    expect(pincodeStateMessages.stateNotOfPincode('500001', ['Telangana', 'Andhra Pradesh'])).toBe(
      'Pincode 500001 is in Telangana or Andhra Pradesh: enter that state, or check the pincode',
    );
  });

  it('accepts any state of a shared range', () => {
    expect(stateProblem({ state: 'Chandigarh', zipCode: '160017' })).toBeNull();
    expect(stateProblem({ state: 'Punjab', zipCode: '160055' })).toBeNull();
    expect(stateProblem({ state: 'Haryana', zipCode: '160017' })).not.toBeNull();
  });

  it('leaves a missing or malformed field to its own check', () => {
    expect(stateProblem({ state: '', zipCode: '110001' })).toBeNull();
    expect(stateProblem({ state: 'Maharashtra', zipCode: '11000' })).toBeNull();
    expect(stateProblem({ state: 'Maharashtra', zipCode: 110001 })).toBeNull();
  });

  it('is the field error on the state of every address schema', () => {
    const wrong = { state: 'Maharashtra', zipCode: '110001' };
    const message = 'Pincode 110001 is in Delhi: enter that state, or check the pincode';
    for (const parsed of [
      DeliveryAddress.safeParse({ ...address, ...wrong }),
      SignUpStep3.safeParse({ address: '1 Janpath', city: 'New Delhi', ...wrong }),
      UpdateProfileInput.safeParse({ ...address, username: 'asha', ...wrong }),
    ]) {
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['state'], message })]);
    }
    expect(DeliveryAddress.safeParse({ ...address, state: 'Delhi', zipCode: '110001' }).success).toBe(true);
    // Shown beside the other fields' problems, not after them.
    const both = DeliveryAddress.safeParse({ ...address, phone: '12', ...wrong });
    expect(both.error?.issues.map((i) => i.path[0])).toEqual(['phone', 'state']);
  });
});
