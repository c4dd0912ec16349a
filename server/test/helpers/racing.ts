import { expect } from 'vitest';
import type { DbKind } from './databases';
import { overHttp } from './over-http';
import { random } from './seeded-random';
import type { TestShop } from './test-app';

/**
 * Requests raced over real HTTP, as outside testers race them (decisions 113, 119): on PostgreSQL
 * two app servers on one database, each with its own pool, the requests spread over both as a
 * balancer spreads them; on SQLite one server (decision 011).
 */
export interface Answer {
  status: number;
  body: { code?: string; message?: string; amount?: number; id?: string; orderId?: string };
}
type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function racingServers(shop: TestShop, kind: DbKind) {
  const bases = [await shop.app.listen({ port: 0, host: '127.0.0.1' })];
  if (kind === 'postgres') bases.push(await (await shop.secondApp()).listen({ port: 0, host: '127.0.0.1' }));
  let sent = 0;

  /** A request over HTTP to one of the servers in turn. */
  function send(method: Method, path: string, body: unknown, headers: Record<string, string>): Promise<Answer> {
    return overHttp(bases[sent++ % bases.length]!, method, path, body, headers);
  }

  /**
   * `request` for each of `many`, all at once but sent in an order drawn from `seed` (the first sent
   * tend to win: each round another one gets there first); the answers in `many`'s order.
   */
  async function allAtOnce<T>(many: T[], request: (one: T) => Promise<Answer>, seed: number): Promise<Answer[]> {
    const draw = random(seed + 1);
    const order = many.map((_, i) => ({ i, key: draw() })).sort((a, b) => a.key - b.key);
    const answers: Answer[] = [];
    await Promise.all(order.map(async ({ i }) => (answers[i] = await request(many[i]!))));
    return answers;
  }

  return { send, allAtOnce };
}

/** No answer was a 5xx (a deadlock, a constraint the code did not expect). */
export const no5xx = (answers: Answer[]) => expect(answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
