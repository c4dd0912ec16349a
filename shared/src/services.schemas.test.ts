import { describe, expect, it } from 'vitest';
import { MAX_ID } from './catalogue.schemas';
import {
  FreeClaimInput,
  MAX_PRINT_FILE_BYTES,
  MAX_PRINT_FILES,
  printPrice,
  PRINT_BASE_PRICE,
  PRINT_EXTRA_PER_NON_STL,
  PrintRequestFields,
  ServiceListQuery,
  serviceStatusFilter,
  ServiceStatusBody,
} from './services.schemas';
import { fitsBuildVolume, MAX_PRINT_CM } from './stl';
import { accepted, eachValue, emailOfLength, refused } from './testing/schema-outcome';

describe('printPrice', () => {
  it('is the base price for STL files only, whatever the case of the extension', () => {
    expect(PRINT_BASE_PRICE).toBe(200);
    expect(printPrice([])).toBe(200);
    expect(printPrice(['arm.stl', 'BASE.STL'])).toBe(200);
  });
  it('adds 150 for each file that is not STL', () => {
    expect(PRINT_EXTRA_PER_NON_STL).toBe(150);
    expect(printPrice(['arm.stl', 'gear.obj', 'case.step'])).toBe(500);
    expect(printPrice(['model.stl.zip'])).toBe(350);
  });
});

it('takes up to 10 files of 25 MB (MiB) each', () => {
  expect(MAX_PRINT_FILES).toBe(10);
  expect(MAX_PRINT_FILE_BYTES).toBe(26_214_400);
});

describe('the build volume check', () => {
  const limit = MAX_PRINT_CM * 10;
  const info = (x: number, y: number, z: number) => ({ size: { x, y, z } }) as Parameters<typeof fitsBuildVolume>[0];
  it('accepts a model up to 22 cm on every axis', () => {
    expect(fitsBuildVolume(info(limit, limit, limit))).toBe(true);
  });
  it('refuses a model over 22 cm on any one axis, the height included', () => {
    expect(fitsBuildVolume(info(limit + 1, 10, 10))).toBe(false);
    expect(fitsBuildVolume(info(10, limit + 1, 10))).toBe(false);
    expect(fitsBuildVolume(info(10, 10, limit + 0.5))).toBe(false);
  });
});

describe('a free kit claim', () => {
  const claim = { name: 'Asha', email: 'asha@example.com', mobile: '9876543210', school: 'KV Pune', classna: '8', division: 'B', rollNo: '12', productId: 7 };

  it('asks for all eight fields', () => {
    expect(refused(FreeClaimInput, {})).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      mobile: 'Mobile is required',
      school: 'School is required',
      classna: 'Class is required',
      division: 'Division is required',
      rollNo: 'Roll number is required',
      productId: 'productId must be a product id',
    });
  });

  it.each([
    [
      { name: ' Asha ', school: ' KV Pune ', classna: ' 8 ', division: ' B ' },
      { name: 'Asha', school: 'KV Pune', classna: '8', division: 'B' },
    ],
    [{ name: 'n'.repeat(100), school: 's'.repeat(200), classna: 'c'.repeat(20), division: 'd'.repeat(20) }, {}],
    [{ email: emailOfLength(254) }, {}],
    [{ mobile: ' +91 98765 43210 ' }, { mobile: '+91 98765 43210' }],
    [{ rollNo: 12 }, { rollNo: '12' }],
    [{ rollNo: ` ${'r'.repeat(20)} ` }, { rollNo: 'r'.repeat(20) }],
    [{ productId: '1' }, { productId: 1 }],
    [{ productId: MAX_ID }, { productId: MAX_ID }],
  ])('accepts %j', (change, expected) => {
    expect(accepted(FreeClaimInput, { ...claim, ...change })).toEqual({ ...claim, ...change, ...expected });
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ name: 'n'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ email: 'asha@' }, 'email', 'Enter a valid email address'],
    [{ email: emailOfLength(255) }, 'email', expect.any(String)],
    [{ mobile: '98765 4321' }, 'mobile', 'Mobile must be a 10-digit phone number'],
    [{ school: '  ' }, 'school', 'School is required'],
    [{ school: 's'.repeat(201) }, 'school', 'School must be at most 200 characters'],
    [{ classna: '  ' }, 'classna', 'Class is required'],
    [{ classna: 'c'.repeat(21) }, 'classna', 'Class must be at most 20 characters'],
    [{ division: '  ' }, 'division', 'Division is required'],
    [{ division: 'd'.repeat(21) }, 'division', 'Division must be at most 20 characters'],
    [{ rollNo: '  ' }, 'rollNo', 'Roll number is required'],
    [{ rollNo: 'r'.repeat(21) }, 'rollNo', 'Roll number must be at most 20 characters'],
    [{ productId: 'kit' }, 'productId', 'productId must be a product id'],
    [{ productId: 0 }, 'productId', expect.any(String)],
    [{ productId: 1.5 }, 'productId', expect.any(String)],
    [{ productId: MAX_ID + 1 }, 'productId', expect.any(String)],
  ])('refuses %j: %s', (change, field, message) => {
    expect(refused(FreeClaimInput, { ...claim, ...change })).toEqual({ [field]: message });
  });
});

describe('a 3D printing request', () => {
  const request = { con_name: 'Ravi', phNo: '9876543210', message: 'Please print this' };
  const defaults = { reason: '3D Printing', is2DTo3D: false };

  it('asks for a name, a phone and a message', () => {
    expect(accepted(PrintRequestFields, request)).toStrictEqual({ ...request, ...defaults });
    expect(refused(PrintRequestFields, {})).toEqual({ con_name: 'Name is required', phNo: 'Phone is required', message: 'Message is required' });
  });

  it.each([
    [
      { con_name: ' Ravi ', phNo: ' 98765 43210 ', message: ' Please ' },
      { con_name: 'Ravi', phNo: '98765 43210', message: 'Please' },
    ],
    [{ con_name: 'n'.repeat(100), message: 'm'.repeat(5000) }, {}],
    [{ email: '' }, { email: undefined }],
    [{ email: 'ravi@example.com' }, {}],
    [{ reason: '' }, { reason: '3D Printing' }],
    [{ reason: '   ' }, { reason: '3D Printing' }],
    [{ reason: ` ${'r'.repeat(100)} ` }, { reason: 'r'.repeat(100) }],
    [{ is2DTo3D: true }, {}],
    [{ is2DTo3D: 'true' }, { is2DTo3D: true }],
    [{ is2DTo3D: 'on' }, { is2DTo3D: true }],
    [{ is2DTo3D: '1' }, { is2DTo3D: true }],
    [{ is2DTo3D: 'false' }, { is2DTo3D: false }],
    [{ is2DTo3D: '0' }, { is2DTo3D: false }],
    [
      { length: '', width: null, height: undefined },
      { length: undefined, width: undefined },
    ],
    [
      { length: '1', width: 12.5, height: '22' },
      { length: 1, height: 22 },
    ],
    [
      { length: '22.5', width: 300, height: '23' },
      { length: 22, width: 22, height: 22 },
    ],
  ])('accepts %j', (change, expected) => {
    expect(accepted(PrintRequestFields, { ...request, ...change })).toStrictEqual({ ...request, ...defaults, ...change, ...expected });
  });

  it.each([
    [{ con_name: '  ' }, 'con_name', 'Name is required'],
    [{ con_name: 'n'.repeat(101) }, 'con_name', 'Name must be at most 100 characters'],
    [{ phNo: '12345' }, 'phNo', 'Phone must be a 10-digit phone number'],
    [{ email: 'ravi@' }, 'email', 'Enter a valid email address'],
    [{ reason: 'r'.repeat(101) }, 'reason', expect.any(String)],
    [{ message: '  ' }, 'message', 'Message is required'],
    [{ message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5,000 characters'],
    [{ length: '0.99' }, 'length', 'Length must be at least 1 cm'],
    [{ length: 'ten' }, 'length', 'Length must be a number of centimetres'],
    [{ length: 'Infinity' }, 'length', 'Length must be a number of centimetres'],
    [{ width: 0 }, 'width', 'Width must be at least 1 cm'],
    [{ height: 'tall' }, 'height', 'Height must be a number of centimetres'],
  ])('refuses %j: %s', (change, field, message) => {
    expect(refused(PrintRequestFields, { ...request, ...change })).toEqual({ [field]: message });
  });
});

describe('the admin lists of claims and printing requests', () => {
  it.each([
    [{}, { status: 'all', page: 1 }],
    [
      { status: 'new', page: '2' },
      { status: 'new', page: 2 },
    ],
    [
      { status: 'handled', page: 100_000 },
      { status: 'handled', page: 100_000 },
    ],
  ])('reads the query %j', (query, expected) => {
    expect(accepted(ServiceListQuery, query)).toEqual(expected);
  });

  it.each(eachValue({ status: ['closed'], page: [0, 100_001, 1.5] }))('refuses the query %j', (query) => {
    expect(Object.keys(refused(ServiceListQuery, query))).toEqual(Object.keys(query));
  });

  it('marks an entry new or handled, nothing else', () => {
    expect(accepted(ServiceStatusBody, { status: 'new' })).toEqual({ status: 'new' });
    expect(accepted(ServiceStatusBody, { status: 'handled' })).toEqual({ status: 'handled' });
    expect(Object.keys(refused(ServiceStatusBody, { status: 'all' }))).toEqual(['status']);
  });

  it('lists every status for all', () => {
    expect(serviceStatusFilter('all')).toBeNull();
    expect(serviceStatusFilter('new')).toBe('new');
  });
});
