import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { PublicCache, type Entry } from './public-cache';

/** A database that answers every statement with no rows: the cache's version reads as 0. */
const noDatabase = new Kysely({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
}) as unknown as Db;

const body = (i: number) => `[${'{"title":"Robot kit"},'.repeat(60)}${String(i).padStart(2, '0')}]`;

/** Stores an answer the way the app does: kept on its key's second ask. */
function storeTwice(cache: PublicCache, key: string, text: string): Entry {
  cache.store(key, 0, { status: 200, type: 'application/json', body: text });
  return cache.store(key, 0, { status: 200, type: 'application/json', body: text });
}

const found = async (cache: PublicCache, key: string) => (await cache.lookup(key)).entry !== null;

describe('PublicCache bounds', () => {
  it('evicts the least recently used answer as soon as a compression made later takes it over its bytes', async () => {
    const keys = Array.from({ length: 16 }, (_, i) => `GET /api/products/search/kit${String(i).padStart(2, '0')}`);
    const entries = keys.map((key, i) => storeTwice(new PublicCache(noDatabase), key, body(i)));
    const bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
    // Room for the sixteen answers as stored, and a few bytes more.
    const cache = new PublicCache(noDatabase, { maxEntries: 100, maxBytes: bytes + 8 });
    const kept = keys.map((key, i) => storeTwice(cache, key, body(i)));
    // The first is used again: the second is the least recently used now.
    expect(await found(cache, keys[0]!)).toBe(true);
    // The newest answer, sent once gzipped by the app, is compressed for the fast path: it grows.
    const like = kept[15]!;
    like.replay.gzip = { 'content-encoding': 'gzip', etag: like.etag };
    expect(cache.replayLike(kept[15]!, like, 'gzip')).toBe(true);
    expect(kept[15]!.encoded.gzip?.length).toBeGreaterThan(8);
    expect(await found(cache, keys[1]!)).toBe(false);
    expect(await found(cache, keys[0]!)).toBe(true);
    expect(await found(cache, keys[15]!)).toBe(true);
  });
});
