import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccountMessages } from '@shared/staff.schemas';
import { adminToken, staffSignIns } from './helpers/admin';
import { startAdminShop } from './helpers/admin-shop';
import { DB_KINDS } from './helpers/databases';
import { no5xx, racingServers, type Answer } from './helpers/racing';
import type { TestShop } from './helpers/test-app';

/**
 * Rules of the services that span rows, raced over HTTP on two app servers on one PostgreSQL
 * database (decision 119), several rounds: what one request checked must still hold when another
 * request that checked the same thing at the same moment has written.
 */
const ROUNDS = 4;
const login = staffSignIns('10.119');

type Racing = Awaited<ReturnType<typeof racingServers>>;

describe.each(DB_KINDS)('services raced on %s', (kind) => {
  let shop: TestShop;
  let send: Racing['send'], allAtOnce: Racing['allAtOnce'];

  beforeAll(async () => {
    ({ shop } = await startAdminShop(kind, 'Raced services', { RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT: '0' }));
    ({ send, allAtOnce } = await racingServers(shop, kind));
  });
  afterAll(() => shop.close());

  const as = (token: string) => (method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    send(method, path, body, { authorization: `Bearer ${token}` });
  const outcome = (a: Answer) => (a.status < 300 ? 'ok' : `${a.status} ${a.body.code}`);

  async function activeOwners(): Promise<string[]> {
    const rows = await shop.db.selectFrom('user').select(['username', 'banned']).where('role', '=', 'admin').where('staffRole', '=', 'owner').execute();
    return rows.filter((r) => !r.banned).map((r) => r.username ?? '');
  }

  // Before the owners' race, which leaves the first admin a support account.
  it('adds one staff account when two owners add the same username, or the same e-mail, at the same moment: the others are refused as taken', async () => {
    const owner = as(await adminToken(shop));
    for (let round = 0; round < ROUNDS; round++) {
      const sameName = await allAtOnce(
        [0, 1, 2, 3],
        (i) => owner('POST', '/api/admin/staff', { username: `same_name_${round}`, email: `name${round}_${i}@shop.test`, role: 'support' }),
        round,
      );
      const sameEmail = await allAtOnce(
        [0, 1, 2, 3],
        (i) => owner('POST', '/api/admin/staff', { username: `same_email_${round}_${i}`, email: `same${round}@shop.test`, role: 'support' }),
        round,
      );
      for (const [answers, taken] of [
        [sameName, staffAccountMessages.usernameTaken],
        [sameEmail, staffAccountMessages.emailTaken],
      ] as const) {
        no5xx(answers);
        expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
        expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.message}`)).toEqual(Array(3).fill(`409 ${taken}`));
      }
    }
    const accounts = await shop.db.selectFrom('user').select('id').where('username', 'like', 'same_name_%').execute();
    expect(accounts).toHaveLength(ROUNDS);
  });

  it('keeps an active owner when the last two owners step down, disable or delete each other at the same moment', async () => {
    let token = await adminToken(shop);
    let me = 'admin';
    const changes: ((id: string) => ['PATCH' | 'DELETE', string, unknown?])[] = [
      (id) => ['PATCH', `/api/admin/staff/${id}`, { role: 'support' }],
      (id) => ['PATCH', `/api/admin/staff/${id}`, { disabled: true }],
      (id) => ['DELETE', `/api/admin/staff/${id}`],
    ];
    for (let round = 0; round < ROUNDS * 2; round++) {
      // Two new owners, then the one signed in steps down: they are the only active owners.
      const owners = [];
      for (const name of ['x', 'y']) {
        const username = `owner_${name}_${round}`;
        const made = await as(token)('POST', '/api/admin/staff', { username, email: `${username}@shop.test`, role: 'owner' });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        const { staff, password } = made.body as unknown as { staff: { id: string }; password: string };
        owners.push({ id: staff.id, username, token: (await login(shop, username, password)).json().token as string });
      }
      const meRow = await shop.db.selectFrom('user').select('id').where('username', '=', me).executeTakeFirstOrThrow();
      expect(outcome(await as(token)('PATCH', `/api/admin/staff/${meRow.id}`, { role: 'support' }))).toBe('ok');
      expect((await activeOwners()).sort()).toEqual(owners.map((o) => o.username));
      // Each takes the other away (or itself), a change of its own kind each round.
      const [x, y] = owners as [(typeof owners)[number], (typeof owners)[number]];
      const whom = round % 2 === 0 ? [y.id, x.id] : [x.id, y.id];
      const answers = await allAtOnce(
        [
          { by: x, change: changes[round % 3]!(whom[0]!) },
          { by: y, change: changes[(round + 1) % 3]!(whom[1]!) },
        ],
        ({ by, change }) => as(by.token)(...change),
        round,
      );
      no5xx(answers);
      // The other was refused: the last owner, or (one after the other) its author was taken away first.
      const refused = answers.filter((a) => a.status !== 200).map((a) => (a.status === 409 ? a.body.message : a.status));
      expect(refused).toHaveLength(1);
      expect([staffAccountMessages.lastOwner, 401, 403]).toContain(refused[0]);
      const left = await activeOwners();
      expect(left).toHaveLength(1);
      const survivor = owners.find((o) => o.username === left[0])!;
      ({ token, username: me } = survivor);
    }
  });
});
