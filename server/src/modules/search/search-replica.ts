import type { Db } from '../../db/database';
import { FreshRead } from '../../db/fresh-read';
import { isDatabaseUnavailable } from '../../db/pg-pool';
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

/**
 * This server's copy of the search index in memory, kept as fresh as the database (decision 021).
 *
 * Loading happens in the background, a batch of products at a time; until it is done, searches use
 * the database tables. Then each search first reads the index's change number (a FreshRead: a
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

  constructor(
    private readonly db: Db,
    private readonly log?: Log,
  ) {
    const query = db.selectFrom('search_index_state').select(['seq', 'pruned_to']).where('id', '=', 1).compile();
    this.state = new FreshRead(db, query, (row) => ({ seq: Number(row?.seq ?? 0), prunedTo: Number(row?.pruned_to ?? 0) }));
  }

  /** True once the copy is in memory (searches use it). */
  get loaded(): boolean {
    return this.index !== null;
  }

  /** Starts loading the index if it is not loaded or loading. Resolves when that load ends. */
  start(): Promise<void> {
    if (this.index || this.stopped) return Promise.resolve();
    this.loading ??= this.load()
      .catch((err: unknown) => this.log?.warn({ err }, 'search index: loading into memory failed; searches use the database'))
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** Stops loading and syncing (the database is about to close). */
  stop(): void {
    this.stopped = true;
    this.index = null;
  }

  /**
   * The index, brought up to the database's latest change; null while it is not loaded (or cannot
   * be brought up to date), and the caller searches the database instead.
   */
  async current(): Promise<MemoryIndex | null> {
    if (!this.index) {
      void this.start();
      return null;
    }
    try {
      // On SQLite one read per turn of the event loop, as for the public cache's version.
      const read = this.state.readThisTurn();
      const state = read instanceof Promise ? await read : read;
      // Another request's catch-up may already have gone further than this request needs.
      while (this.index && this.seq < state.seq) {
        this.syncing ??= this.catchUp(state).finally(() => {
          this.syncing = null;
        });
        await this.syncing;
      }
      return this.index;
    } catch (err) {
      // While the database is away the pool has said so once; the search that follows fails with a 503 anyway.
      if (!isDatabaseUnavailable(err)) this.log?.warn({ err }, 'search index: could not bring the copy in memory up to date; searching the database');
      return null;
    }
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
    const read = this.state.read();
    const state = read instanceof Promise ? await read : read;
    const builder = new MemoryIndexBuilder();
    for (let after = 0; ; ) {
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
export function replicateSearchIndex(db: Db, log?: Log): SearchReplica {
  let replica = replicas.get(db);
  if (!replica || replica.stopped) replicas.set(db, (replica = new SearchReplica(db, log)));
  void replica.start();
  return replica;
}

/** The in-memory copy kept for this database, if any. */
export function searchReplicaOf(db: Db): SearchReplica | undefined {
  return replicas.get(db);
}
