import type { Db } from '../../db/database';
import { FreshRead } from '../../db/fresh-read';
import { isDatabaseUnavailable } from '../../db/pg-pool';
import { productFacts } from './product-facts';
import { MemoryIndexBuilder, type MemoryIndex } from './search-memory';
import * as repo from './search.repository';

/** Products read per query while loading. */
const LOAD_BATCH = 2_000;
/** Past this many changed products, reloading everything is cheaper than applying the changes. */
const RELOAD_ABOVE = 20_000;

interface State {
  seq: number;
  prunedTo: number;
}

type Log = { warn: (obj: object, msg: string) => void };

export interface ReplicaOptions {
  /** readiness waits for the first load at most this long from the replica's start (decision 052) */
  readyTimeoutMs?: number;
  /** a search during the first load waits for it at most this long, then reads the tables */
  waitMs?: number;
}

/** For tests: the first load of every replica waits for this before reading anything (null: no wait). */
export const searchLoadGate: { wait: Promise<void> | null } = { wait: null };

/**
 * This server's copy of the search index in memory, kept as fresh as the database (decision 021).
 *
 * Loading happens in the background, a batch of products at a time; readiness waits for it (with
 * the product facts) for at most readyTimeoutMs, and a search that arrives meanwhile waits for it at
 * most waitMs, then uses the database tables (decision 052). Then each search first reads the index's change number (a FreshRead: a
 * prepared statement on SQLite, once per turn of the event loop; one shared query on PostgreSQL);
 * when another transaction, on any
 * server, has re-indexed products since, their postings are read again before the search runs, so
 * an admin's change is searchable on the next request everywhere.
 */
export class SearchReplica {
  private index: MemoryIndex | null = null;
  /** the change number the index holds everything up to */
  private seq = 0;
  private loading: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  stopped = false;
  private readonly state: FreshRead<State>;
  /** when this replica started: readiness stops waiting readyTimeoutMs after it */
  private readonly startedAt = Date.now();
  /** true once the first load (index and product facts) has ended, loaded or failed: it never goes back */
  private warmed = false;
  /** true while the last load failed (searches use the tables until a later one succeeds) */
  private failed = false;
  /** resolves when the first load has ended (loaded or failed) */
  readonly warm: Promise<void>;
  private warmDone!: () => void;

  constructor(
    private readonly db: Db,
    private readonly log?: Log,
    private readonly options: ReplicaOptions = {},
  ) {
    this.warm = new Promise((resolve) => (this.warmDone = resolve));
    const query = db.selectFrom('search_index_state').select(['seq', 'pruned_to']).where('id', '=', 1).compile();
    this.state = new FreshRead(db, query, (row) => ({ seq: Number(row?.seq ?? 0), prunedTo: Number(row?.pruned_to ?? 0) }));
  }

  /** True once the copy is in memory (searches use it). */
  get loaded(): boolean {
    return this.index !== null;
  }

  /** Products in the copy in memory (0 while it loads). */
  get documents(): number {
    return this.index?.documents ?? 0;
  }

  /**
   * Whether readiness should wait for this copy (decision 052): not ready while the first load runs,
   * unless it has run longer than readyTimeoutMs (a node whose index cannot load still serves, from
   * the tables). Once the first load has ended (loaded or failed) this never goes back to waiting,
   * not even while a later reload runs.
   */
  readiness(): { ready: true } | { ready: false; reason: string } {
    if (this.warmed || this.stopped) return { ready: true };
    if (Date.now() - this.startedAt >= (this.options.readyTimeoutMs ?? 60_000)) return { ready: true };
    return { ready: false, reason: 'search index loading' };
  }

  /** Where searches are answered from now. */
  get source(): 'memory' | 'loading' | 'tables' {
    return this.index ? 'memory' : this.failed ? 'tables' : 'loading';
  }

  /** Starts loading the index if it is not loaded or loading. Resolves when that load ends. */
  start(): Promise<void> {
    if (this.index || this.stopped) return Promise.resolve();
    this.loading ??= this.load()
      .then(
        () => {
          this.failed = false;
        },
        (err: unknown) => {
          this.failed = true;
          this.log?.warn({ err }, 'search index: loading into memory failed; searches use the database');
        },
      )
      .then(() => this.warmUpFacts())
      .finally(() => {
        this.loading = null;
        if (!this.warmed) {
          this.warmed = true;
          this.warmDone();
        }
      });
    return this.loading;
  }

  /** The first time: the product facts the filters read (decision 046), loaded before readiness too. */
  private async warmUpFacts(): Promise<void> {
    if (this.warmed || this.stopped) return;
    try {
      await productFacts(this.db);
    } catch (err) {
      this.log?.warn({ err }, 'product facts: loading failed; the first filtered search loads them');
    }
  }

  /** Stops loading and syncing (the database is about to close). */
  stop(): void {
    this.stopped = true;
    this.index = null;
    if (!this.warmed) {
      this.warmed = true;
      this.warmDone();
    }
  }

  /**
   * While the first load runs, a search waits for it at most waitMs (decision 052): a load that
   * ends within that time answers from memory in a few ms more, instead of a query on the tables
   * that costs seconds at 100,000 products while the load holds the database and the event loop.
   */
  private async waitForLoad(): Promise<void> {
    const waitMs = this.options.waitMs ?? 0;
    if (waitMs <= 0 || !this.loading || this.failed) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.loading, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /**
   * The index, brought up to the database's latest change; null while it is not loaded (or cannot
   * be brought up to date), and the caller searches the database instead.
   */
  async current(): Promise<MemoryIndex | null> {
    if (!this.index) {
      void this.start();
      await this.waitForLoad();
      if (!this.index) return null;
    }
    return this.currentNow();
  }

  /**
   * current(), answered at once when the copy is loaded and holds the latest change as read in this
   * turn (on SQLite, most searches): no promise on the way of a search answered from memory.
   */
  currentNow(): MemoryIndex | null | Promise<MemoryIndex | null> {
    if (!this.index) return this.current();
    try {
      // On SQLite one read per turn of the event loop, as for the public cache's version.
      const read = this.state.readThisTurn();
      return read instanceof Promise || this.seq < read.seq ? this.upTo(read) : this.index;
    } catch (err) {
      return this.unavailable(err);
    }
  }

  /** The index once it holds the change number read (null when it cannot get there). */
  private async upTo(read: State | Promise<State>): Promise<MemoryIndex | null> {
    try {
      const state = await read;
      // Another request's catch-up may already have gone further than this request needs.
      while (this.index && this.seq < state.seq) {
        this.syncing ??= this.catchUp(state).finally(() => {
          this.syncing = null;
        });
        await this.syncing;
      }
      return this.index;
    } catch (err) {
      return this.unavailable(err);
    }
  }

  private unavailable(err: unknown): null {
    // While the database is away the pool has said so once; the search that follows fails with a 503 anyway.
    if (!isDatabaseUnavailable(err)) this.log?.warn({ err }, 'search index: could not bring the copy in memory up to date; searching the database');
    return null;
  }

  private async catchUp(state: State): Promise<void> {
    // Too far behind for the change rows that are left: reload.
    if (state.prunedTo > this.seq) return this.reload();
    const ids = await repo.changedProducts(this.db, this.seq, state.seq);
    if (ids.length > RELOAD_ABOVE) return this.reload();
    const postings = await repo.postingsOfProducts(this.db, ids);
    if (!this.index) return;
    this.index.remove(ids);
    this.index.add(postings);
    this.seq = state.seq;
  }

  private reload(): void {
    this.index = null;
    void this.start();
  }

  private async load(): Promise<void> {
    if (searchLoadGate.wait && !this.warmed) await searchLoadGate.wait;
    const read = this.state.read();
    const state = read instanceof Promise ? await read : read;
    const builder = new MemoryIndexBuilder();
    for (let after = 0; ;) {
      if (this.stopped) return;
      const { postings, last } = await repo.nextPostings(this.db, after, LOAD_BATCH);
      if (last === null) break;
      builder.add(postings);
      after = last;
      // SQLite answers synchronously: let requests in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.stopped) return;
    // Products changed while loading are caught up by the next search (their changes are numbered after state.seq).
    this.seq = state.seq;
    this.index = builder.build();
  }
}

const replicas = new WeakMap<Db, SearchReplica>();

/** Keeps a copy of this database's search index in memory from now on (loading in the background). */
export function replicateSearchIndex(db: Db, log?: Log, options?: ReplicaOptions): SearchReplica {
  let replica = replicas.get(db);
  if (!replica || replica.stopped) replicas.set(db, (replica = new SearchReplica(db, log, options)));
  void replica.start();
  return replica;
}

/** The in-memory copy kept for this database, if any. */
export function searchReplicaOf(db: Db): SearchReplica | undefined {
  return replicas.get(db);
}
