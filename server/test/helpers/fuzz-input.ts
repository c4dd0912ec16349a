/**
 * Malformed HTTP input for the fuzz test, drawn from a seeded generator so a
 * failure replays exactly: path segments, query strings, JSON bodies and
 * content types a careless or hostile client may send.
 */

/** mulberry32: a small seeded PRNG; the same seed gives the same cases. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** `n` distinct items of the list (all of them when it is shorter) */
    sample: <T>(list: readonly T[], n: number): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Path segments as they appear in a URL (already percent-encoded where a client would). */
export const BAD_SEGMENTS: readonly string[] = [
  '999999',
  '2147483647',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  'abc',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '%00',
  '1%00',
  '%20',
  '%E2%98%83',
  encodeURIComponent('ü名前😀'),
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  encodeURIComponent("1' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  'a'.repeat(2000),
  'a'.repeat(2101),
  '9'.repeat(5000),
];

/** Query strings with repeated keys, empty values, huge numbers and nested keys. */
export function badQueries(keys: readonly string[]): string[] {
  const out = new Set<string>([
    'a=1&a=2',
    'a[b]=c',
    'a[b][c][d]=e',
    '__proto__[admin]=1',
    'constructor[prototype][admin]=1',
    '=',
    '&&&',
    'x=%00',
    'x=%E0%A4%A',
  ]);
  for (const k of keys) {
    for (const v of ['', '-1', '0', '1.5', 'NaN', 'Infinity', '1e309', '99999999999999999999', 'abc', '%00', 'x'.repeat(3000), '__proto__'])
      out.add(`${k}=${v}`);
    out.add(`${k}=1&${k}=2`);
    out.add(`${k}[]=1`);
    out.add(`${k}[a]=b`);
    out.add(k);
  }
  return [...out];
}

/** Headers a careless or hostile client may send along (they replace the actor's own where they clash). */
export const BAD_HEADERS: readonly Record<string, string>[] = [
  { authorization: 'Bearer ' },
  { authorization: 'garbage' },
  { authorization: `Bearer ${'a'.repeat(8000)}` },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { cookie: 'better-auth.session_token=%E0%A4%A' },
  { cookie: 'better-auth.session_token=a.b.c; better-auth.session_token=d' },
  { cookie: `a=${'x'.repeat(8000)}` },
  { cookie: '=;;=;' },
  { origin: 'null' },
  { origin: 'http://evil.example' },
  { 'x-forwarded-for': 'not-an-ip, ::ffff:999.1.1.1' },
  { 'x-request-id': '../../etc/passwd' },
  { 'accept-encoding': 'br;q=abc, gzip;q=-1, *;q=NaN' },
  { accept: 'application/x-nothing' },
  { range: 'bytes=999999999-' },
  { range: 'bytes=5-1, -0, abc' },
  { 'if-none-match': '"' },
  { 'if-modified-since': 'not a date' },
  { 'content-encoding': 'gzip' },
  { 'x-razorpay-signature': 'x'.repeat(5000) },
];

/** Values that are the wrong type, the wrong range or hostile text for any field. */
const BAD_VALUES: readonly unknown[] = [
  null,
  '',
  ' ',
  0,
  -1,
  -0.01,
  1.5,
  0.001,
  1e308,
  -1e308,
  999_999,
  2147483647,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '1,000',
  true,
  false,
  [],
  [1, 2],
  {},
  { a: 1 },
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(50),
  '\u202e\u0301',
  '<script>alert(1)</script>',
  "'; DROP TABLE products; --",
  '__proto__',
  'x'.repeat(10_000),
  'x'.repeat(200_000),
];

/** A nested object of this depth, as JSON text (built by hand: JSON.stringify would recurse). */
function deepJson(depth: number, open = '{"a":', close = '}', leaf = '1'): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

export interface BodyCase {
  name: string;
  contentType?: string;
  payload: string | Buffer;
}

const json = (name: string, value: unknown): BodyCase => ({ name, contentType: 'application/json', payload: JSON.stringify(value) });

/** The bodies sent to a route whose valid body is `template` (a JSON object). */
export function badBodies(template: Record<string, unknown>, random: Random, perField: number): BodyCase[] {
  const text = JSON.stringify(template);
  const cases: BodyCase[] = [
    json('null', null),
    json('array', [template]),
    json('empty array', []),
    json('number', 42),
    json('negative number', -1),
    json('string', 'hello'),
    json('true', true),
    json('empty object', {}),
    json('extra fields', { ...template, extra: 'x', role: 'admin', isAdmin: true, userId: 'someone-else', price: 0, total: 0, discount: 999999 }),
    { name: '__proto__ key', contentType: 'application/json', payload: `{"__proto__":{"admin":true},${text.slice(1)}` },
    { name: 'NUL in a key', contentType: 'application/json', payload: `{"a\\u0000":1,${text.slice(1)}` },
    { name: 'constructor.prototype key', contentType: 'application/json', payload: `{"constructor":{"prototype":{"admin":true}},${text.slice(1)}` },
    { name: 'deep object', contentType: 'application/json', payload: deepJson(5000) },
    { name: 'deep array', contentType: 'application/json', payload: deepJson(20_000, '[', ']', '') },
    { name: 'deep field', contentType: 'application/json', payload: `{${text.slice(1, -1)}${text.length > 2 ? ',' : ''}"x":${deepJson(3000)}}` },
    { name: 'invalid JSON', contentType: 'application/json', payload: '{"a":' },
    { name: 'single quotes', contentType: 'application/json', payload: "{'a':1}" },
    { name: 'NaN literal', contentType: 'application/json', payload: '{"a":NaN,"quantity":Infinity}' },
    { name: 'trailing comma', contentType: 'application/json', payload: `${text.slice(0, -1)},}` },
    { name: 'BOM', contentType: 'application/json', payload: `\ufeff${text}` },
    { name: 'NUL byte', contentType: 'application/json', payload: `${text}\u0000` },
    { name: 'empty body', contentType: 'application/json', payload: '' },
    { name: 'utf-16 charset', contentType: 'application/json; charset=utf-16', payload: text },
    { name: 'text/plain', contentType: 'text/plain', payload: text },
    { name: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b[c]=2&__proto__[x]=1' },
    {
      name: 'multipart garbage',
      contentType: 'multipart/form-data; boundary=xyz',
      payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\ngarbage without an end',
    },
    { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'garbage' },
    { name: 'unknown content type', contentType: 'application/x-fuzz', payload: text },
    { name: 'no content type', payload: text },
    { name: '~1 MB string field', contentType: 'application/json', payload: JSON.stringify({ ...template, big: 'x'.repeat(1024 * 1024 - text.length - 100) }) },
    { name: 'over the body limit', contentType: 'application/json', payload: JSON.stringify({ ...template, big: 'x'.repeat(1024 * 1024 + 10) }) },
  ];
  for (const key of Object.keys(template)) {
    const { [key]: _dropped, ...without } = template;
    cases.push(json(`without ${key}`, without));
    // A NUL in any text: PostgreSQL refuses it where SQLite keeps it.
    cases.push(json(`${key} with NUL`, { ...template, [key]: `${String(template[key])}\u0000` }));
    for (const value of random.sample(BAD_VALUES, perField)) {
      cases.push(json(`${key}=${JSON.stringify(value)?.slice(0, 40)}`, { ...template, [key]: value }));
    }
    cases.push({
      name: `${key} deep`,
      contentType: 'application/json',
      payload: JSON.stringify({ ...template, [key]: 0 }).replace(`"${key}":0`, `"${key}":${deepJson(2000)}`),
    });
    // Number literals JSON.stringify never writes: -0, and ones JSON.parse turns into Infinity or 0.
    const raw = random.pick(RAW_NUMBERS);
    cases.push({
      name: `${key}=${raw}`,
      contentType: 'application/json',
      payload: JSON.stringify({ ...template, [key]: 0 }).replace(`"${key}":0`, `"${key}":${raw}`),
    });
  }
  return cases;
}

/** Number literals as JSON text: `-0`, and ones that parse to Infinity, -Infinity or 0. */
const RAW_NUMBERS = ['-0', '-0.0', '1e400', '-1e400', '1e-400', '0e0', '1E2', '100.000000000000001'];

/** A multipart body from text fields and files, with a boundary of our choosing. */
export function multipartBody(fields: Record<string, string>, files: { name: string; filename: string; data: Buffer; type?: string }[] = []): BodyCase {
  const boundary = 'fuzzboundary0123456789';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { name: 'multipart', contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) };
}

/** Multipart bodies whose parts are odd: no name, no Content-Disposition, a field twice, a file where text belongs and text where a file belongs, a huge file name, a part cut off in its headers. */
function oddParts(template: Record<string, string>, fileField: string): BodyCase[] {
  const b = 'fuzzboundary0123456789';
  const contentType = `multipart/form-data; boundary=${b}`;
  const text = (name: string, value: string) => `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, filename: string, data: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${data}\r\n`;
  const fields = Object.entries(template);
  const all = fields.map(([k, v]) => text(k, v)).join('');
  const end = `--${b}--\r\n`;
  const first = fields[0] ?? ['a', 'x'];
  return [
    { name: 'part without a name', contentType, payload: `${all}--${b}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n${end}` },
    { name: 'part without Content-Disposition', contentType, payload: `${all}--${b}\r\nContent-Type: text/plain\r\n\r\nbare\r\n${end}` },
    { name: 'every field twice', contentType, payload: `${all}${fields.map(([k]) => text(k, 'second')).join('')}${end}` },
    { name: 'a file where text belongs', contentType, payload: `${file(first[0], 'x.txt', first[1])}${end}` },
    { name: 'text where a file belongs', contentType, payload: `${all}${text(fileField, 'not a file')}${end}` },
    { name: 'huge file name', contentType, payload: `${all}${file(fileField, 'x'.repeat(100_000), 'data')}${end}` },
    { name: 'file name with quotes and a path', contentType, payload: `${all}${file(fileField, 'a\\"b/../c.png', 'data')}${end}` },
    {
      name: 'part cut off in its headers',
      contentType,
      payload: `${all}--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="x.png"\r\nContent-Type: image/png`,
    },
  ];
}

/** Multipart forms for a route whose valid text fields are `template` and whose files go in `fileField`. */
export function badForms(template: Record<string, string>, fileField: string, random: Random, perField: number): BodyCase[] {
  const named = (name: string, c: BodyCase): BodyCase => ({ ...c, name });
  const garbage = Buffer.from('this is not an image at all \u0000\u0001\u0002');
  const cases: BodyCase[] = [
    named('form without files', multipartBody(template)),
    named('empty form', multipartBody({})),
    named('garbage file', multipartBody(template, [{ name: fileField, filename: 'x.png', data: garbage, type: 'image/png' }])),
    named(
      'truncated PNG',
      multipartBody(template, [{ name: fileField, filename: 'x.png', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), type: 'image/png' }]),
    ),
    named('empty file', multipartBody(template, [{ name: fileField, filename: 'x.png', data: Buffer.alloc(0), type: 'image/png' }])),
    named('hostile file name', multipartBody(template, [{ name: fileField, filename: '../../../etc/passwd\u0000.stl', data: garbage }])),
    named(
      'too many files',
      multipartBody(
        template,
        Array.from({ length: 12 }, (_, i) => ({ name: fileField, filename: `f${i}.stl`, data: garbage })),
      ),
    ),
    named('too many fields', multipartBody(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x'])))),
    named('huge field', multipartBody({ ...template, [Object.keys(template)[0] ?? 'a']: 'x'.repeat(30_000) })),
    {
      name: 'unterminated multipart',
      contentType: 'multipart/form-data; boundary=fuzzboundary0123456789',
      payload: '--fuzzboundary0123456789\r\nContent-Disposition: form-data; name="title"\r\n\r\nno end',
    },
    { name: 'multipart with another boundary', contentType: 'multipart/form-data; boundary=other', payload: multipartBody(template).payload },
    { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: multipartBody(template).payload },
    { name: 'json instead of form', contentType: 'application/json', payload: JSON.stringify(template) },
    ...oddParts(template, fileField),
    { name: 'no content type', payload: 'title=x' },
  ];
  for (const key of Object.keys(template)) {
    const { [key]: _dropped, ...without } = template;
    cases.push(named(`without ${key}`, multipartBody(without)));
    cases.push(named(`${key} with NUL`, multipartBody({ ...template, [key]: `${template[key]}\u0000` })));
    for (const value of random.sample(BAD_VALUES, perField)) {
      cases.push(
        named(
          `${key}=${String(JSON.stringify(value)).slice(0, 40)}`,
          multipartBody({ ...template, [key]: typeof value === 'string' ? value : (JSON.stringify(value) ?? '') }),
        ),
      );
    }
  }
  return cases;
}
