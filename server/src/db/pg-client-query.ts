import pg from 'pg';

/**
 * The `query` of a pool client as Kysely calls it (`query(text, values)`), made cheaper per statement
 * on the shop's side and per transaction on both sides (decision 098):
 *
 * - **A transaction's `begin` goes with its first statement.** Kysely awaits `begin` before it sends
 *   the transaction's first statement: a round trip (a socket write, a wake-up of the backend, an
 *   answer to parse, a promise chain) that carries nothing. Here `begin` is answered at once and kept;
 *   the next statement writes Parse/Bind/Execute of the `begin` and then its own messages before one
 *   Sync, in one write. PostgreSQL runs them in order and skips everything up to the Sync after an
 *   error, so the statement never runs outside the transaction: a failed `begin` fails the statement.
 *   A `commit` or `rollback` with the `begin` still kept (a transaction that sent nothing) is answered
 *   at once and nothing is sent. A first statement without parameters (DDL, a migration's text that
 *   may hold several statements) gets its `begin` sent apart, as before.
 * - **Frequent texts named** (decision 086, `nameOf`), and every statement built as pg's `Query`
 *   here, not through `client.query(text, values)`, which copies a config object of ours by its
 *   property descriptors (a slow dictionary object for every named statement) and wraps its promise
 *   in another.
 *
 * `failed` hears every error of a statement (the resilient pool notes a lost connection there).
 * Anything else than `(text, values)` passes to pg as it came. `reset()` forgets a kept `begin`
 * (the client goes back to the pool).
 */
export function clientQuery(client: pg.ClientBase, nameOf: (text: string) => string | undefined, failed: (err: unknown) => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let begin: string | undefined;

  function send(text: string, values: unknown[], withBegin?: string): Promise<pg.QueryResult> {
    return new Promise((resolve, reject) => {
      const statement = new Statement(text, values, nameOf(text), withBegin, (err, result) => {
        if (err) {
          failed(err);
          reject(err);
        } else resolve(result!);
      });
      query(statement);
    });
  }

  return {
    query(...args: unknown[]): unknown {
      const [text, values] = args;
      if (typeof text !== 'string' || args.length !== 2 || !Array.isArray(values)) {
        const result = query(...args);
        if (result instanceof Promise) result.catch(failed);
        return result;
      }
      if (begin === undefined) {
        if (values.length === 0 && BEGIN.test(text)) {
          begin = text;
          return Promise.resolve(answered('BEGIN'));
        }
        return send(text, values);
      }
      const kept = begin;
      begin = undefined;
      if (values.length > 0) return send(text, values, kept);
      if (text === 'commit' || text === 'rollback') return Promise.resolve(answered(text.toUpperCase()));
      return send(kept, []).then(() => send(text, values));
    },
    reset() {
      begin = undefined;
    },
  };
}

/** What Kysely's PostgreSQL driver sends to open a transaction (with or without its settings). */
const BEGIN = /^(begin|start transaction)\b/;

/** pg's answer to a statement that returns no rows, for one answered without the database. */
function answered(command: string): Pick<pg.QueryResult, 'command' | 'rowCount' | 'rows' | 'fields'> {
  return { command, rowCount: null, rows: [], fields: [] };
}

/** The parts of pg's Query and Connection (pg/lib/query.js, connection.js) a Statement uses, untyped in @types/pg. */
interface QueryInternals {
  prepare(connection: Wire): void;
  hasBeenParsed(connection: Wire): boolean;
  handleCommandComplete(msg: unknown, connection: Wire): void;
}
interface Wire {
  parse(query: { text: string; name?: string; types?: unknown }): void;
  bind(config: object): void;
  execute(config: object): void;
  submittedNamedStatements: Record<string, string | undefined>;
}
const base = pg.Query.prototype as unknown as QueryInternals;

type Callback = (err: Error | undefined, result?: pg.QueryResult) => void;

/** One statement; with `begin`, the transaction's `begin` written before it in the same Sync. */
class Statement extends pg.Query {
  /** The `begin`'s CommandComplete is still to come (it is not this statement's answer). */
  private beginAnswerDue: boolean;

  constructor(
    text: string,
    values: unknown[],
    name: string | undefined,
    private readonly begin: string | undefined,
    callback: Callback,
  ) {
    super(text, values, callback as never);
    // pg reads the name from a config object only; set here, the text is not copied into one.
    if (name !== undefined) (this as { name?: string }).name = name;
    this.beginAnswerDue = begin !== undefined;
  }

  prepare(connection: Wire): void {
    if (this.begin !== undefined) {
      const { name, text } = this as unknown as { name?: string; text: string };
      // A name new to this connection is parsed before the begin: pg notes the name as parsed at the
      // first ParseComplete that comes while this statement runs, which would be the begin's even when
      // the statement's own parse then failed (and the name would never be parsed again).
      if (name !== undefined && !base.hasBeenParsed.call(this, connection)) {
        connection.parse({ text, name, types: (this as { types?: unknown }).types });
        connection.submittedNamedStatements[name] = text;
      }
      connection.parse({ text: this.begin });
      connection.bind({});
      connection.execute({});
    }
    base.prepare.call(this, connection);
  }

  handleCommandComplete(msg: unknown, connection: Wire): void {
    if (this.beginAnswerDue) {
      this.beginAnswerDue = false;
      return;
    }
    base.handleCommandComplete.call(this, msg, connection);
  }
}
