import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catalogueRepo from '../src/modules/catalogue/catalogue.repository';
import { withinOneEdit } from '@shared/search-text';
import { MemoryIndex } from '../src/modules/search/search-memory';
import { SearchReplica } from '../src/modules/search/search-replica';
import { indexProducts, matchSetIn, postingsOf, searchIn, unindexProducts, type IndexedProduct } from '../src/modules/search/search.service';
import { databaseSource } from '../src/modules/search/search.repository';
import { DB_KINDS, freshDb, type TestDb } from './helpers/databases';
import { random } from './helpers/seeded-random';

// Words chosen to collide: plurals, prefixes of each other, words one typo apart, accents.
const WORDS = [
  'robot',
  'robots',
  'robo',
  'rabot',
  'robobox',
  'kit',
  'kits',
  'kite',
  'drone',
  'drones',
  'dron',
  'camera',
  'cam',
  'servo',
  'servos',
  'motor',
  'motors',
  'meter',
  'arduino',
  'sensor',
  'sensors',
  'censor',
  'beginner',
  'beginners',
  'kids',
  'kid',
  'for',
  'with',
  'box',
  'boxes',
  'café',
  'crème',
  'quadcopter',
  'quad',
  'arm',
  'arms',
  'line',
  'lines',
  'follower',
  'blix',
  'blocks',
  'gear',
  'gears',
  'year',
  'mini',
  'pro',
  'starter',
  'stater',
  'f450',
  'esp32',
  'wheel',
  'wheels',
  'whee',
  'ultra',
];
const CATEGORIES = ['Robot Kits', 'Drone Kits', 'Components', 'Workshops'];

function catalogue(count: number, rand: () => number): Omit<IndexedProduct, 'id'>[] {
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!).join(' ');
  return Array.from({ length: count }, () => ({
    title: words(2 + Math.floor(rand() * 4)),
    description: words(4 + Math.floor(rand() * 12)),
    category: CATEGORIES[Math.floor(rand() * CATEGORIES.length)]!,
  }));
}

/** A word with one typo: a character dropped, doubled, replaced or swapped with the next. */
function typo(word: string, rand: () => number): string {
  const i = Math.floor(rand() * word.length);
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i) + 'xyzae'[Math.floor(rand() * 5)] + word.slice(i + 1);
    default:
      return word.slice(0, i) + (word[i + 1] ?? '') + word[i] + word.slice(i + 2);
  }
}

function queries(count: number, rand: () => number): string[] {
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(rand() * 6);
    return Array.from({ length: n }, () => {
      const word = WORDS[Math.floor(rand() * WORDS.length)]!;
      const r = rand();
      if (r < 0.2) return typo(word, rand);
      if (r < 0.3) return word.slice(0, 2 + Math.floor(rand() * 3));
      if (r < 0.35) return 'zqxj';
      return r < 0.4 ? word.toUpperCase() : word;
    }).join(' ');
  });
}

async function addProducts(db: TestDb['db'], products: Omit<IndexedProduct, 'id'>[]): Promise<IndexedProduct[]> {
  const categoryId = await catalogueRepo.insertCategory(db, `Category ${Math.random()}`);
  const out: IndexedProduct[] = [];
  await db.transaction().execute(async (trx) => {
    for (const p of products) {
      const id = await catalogueRepo.insertProduct(trx, {
        title: p.title,
        description: p.description,
        price_paise: 10_000,
        category_id: categoryId,
        stock: null,
      });
      out.push({ id, ...p });
    }
    await indexProducts(trx, out);
  });
  return out;
}

describe.each(DB_KINDS)('search index in memory on %s', (kind) => {
  let test: TestDb;
  let products: IndexedProduct[];
  const pages = [
    { limit: 60, offset: 0 },
    { limit: 5, offset: 5 },
  ];

  beforeAll(async () => {
    test = await freshDb(kind);
    products = await addProducts(test.db, catalogue(400, random(7)));
  });
  afterAll(() => test.dispose());

  it('ranks every query exactly as the database tables do', async () => {
    const memory = MemoryIndex.of(products.flatMap(postingsOf));
    const database = databaseSource(test.db);
    let found = 0;
    for (const q of queries(150, random(11))) {
      for (const page of pages) {
        const expected = await searchIn(database, q, page);
        expect(await searchIn(memory, q, page), `${q} ${JSON.stringify(page)}`).toEqual(expected);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(1000); // the queries do find things
  });

  it('filters and orders exactly as the database tables do, keeping the ranking of what passes (decision 046)', async () => {
    const memory = MemoryIndex.of(products.flatMap(postingsOf));
    const database = databaseSource(test.db);
    const refine = { accept: (id: number) => id % 3 !== 0, order: (ids: number[]) => [...ids].sort((a, b) => (b % 7) - (a % 7)) };
    let found = 0;
    for (const q of queries(60, random(13))) {
      const all = await searchIn(memory, q, { limit: 500, offset: 0 });
      const filtered = await searchIn(memory, q, { limit: 500, offset: 0 }, { accept: refine.accept });
      // Fewer than 500 matches in this catalogue: filtering keeps the ranking of what passes.
      expect(filtered, q).toEqual(all.filter(refine.accept));
      for (const page of pages) {
        const expected = await searchIn(database, q, page, refine);
        expect(await searchIn(memory, q, page, refine), `${q} ${JSON.stringify(page)}`).toEqual(expected);
        expect(expected.every(refine.accept)).toBe(true);
        found += expected.length;
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('gathers the same products to count for facets as the database tables, up to the cap (decision 053)', async () => {
    const memory = MemoryIndex.of(products.flatMap(postingsOf));
    const database = databaseSource(test.db);
    const sorted = (ids: ArrayLike<number>) => Array.from(ids).sort((a, b) => a - b);
    let capped = 0;
    for (const q of queries(60, random(17))) {
      for (const cap of [7, 60, 10_000]) {
        const expected = sorted(await matchSetIn(database, q, cap));
        expect(sorted(await matchSetIn(memory, q, cap)), `${q} ${cap}`).toEqual(expected);
        if (expected.length === cap) capped++;
      }
      // Without a cap that binds, every product the search finds.
      expect(sorted(await matchSetIn(memory, q, 10_000)), q).toEqual(sorted(await searchIn(memory, q, { limit: 500, offset: 0 })));
    }
    expect(capped).toBeGreaterThan(10); // the caps do cut
  });

  it("another server's copy follows every change on its next search", async () => {
    // A second app server: its own connection, its own copy.
    const replica = new SearchReplica(test.another());
    expect(await replica.current()).toBeNull(); // not loaded yet: the caller searches the database
    await replica.start();
    const search = async (q: string) => searchIn((await replica.current())!, q, { limit: 60, offset: 0 });
    expect(await search('robot kit')).toEqual(await searchIn(databaseSource(test.db), 'robot kit', { limit: 60, offset: 0 }));

    const [renamed, removed] = [products[0]!, products[1]!];
    await indexProducts(test.db, [{ ...renamed, title: 'Zephyrus Glider' }]);
    expect(await search('zephyrus')).toEqual([renamed.id]);
    expect(await search('glidr')).toEqual([renamed.id]); // typo tolerance over the new word too

    expect(await search(removed.title)).toContain(removed.id);
    await test.db.transaction().execute((trx) => unindexProducts(trx, [removed.id]));
    expect(await search(removed.title)).not.toContain(removed.id);

    const [added] = await addProducts(test.db, [{ title: 'Hovercraft Chassis', description: 'Floats.', category: 'Drone Kits' }]);
    const index = await replica.current();
    expect(await searchIn(index!, 'hovercraft', { limit: 60, offset: 0 })).toEqual([added!.id]);

    // Everything still ranks as the database does.
    for (const q of queries(40, random(13))) {
      expect(await searchIn((await replica.current())!, q, pages[0]!), q).toEqual(await searchIn(databaseSource(test.db), q, pages[0]!));
    }
    replica.stop();
  });

  it('sees a change committed before a search started, whatever else runs at the same time', async () => {
    const replica = new SearchReplica(test.another());
    await replica.start();
    const target = products[2]!;
    for (let round = 0; round < 5; round++) {
      const word = `novelword${round}`;
      await indexProducts(test.db, [{ ...target, title: `${word} ${target.title}` }]);
      const found = await Promise.all(Array.from({ length: 10 }, async () => searchIn((await replica.current())!, word, { limit: 60, offset: 0 })));
      expect(
        found.every((ids) => ids.length === 1 && ids[0] === target.id),
        `round ${round}`,
      ).toBe(true);
    }
    replica.stop();
  });
});

describe('the copy in memory, filtering by other words', () => {
  const evens = Array.from({ length: 100 }, (_, i) => 2 * (i + 1));
  const postings = [
    ...Array.from({ length: 200 }, (_, i) => ({ term: 'common', product_id: i + 1, weight: 1 })),
    ...evens.map((id) => ({ term: 'even', product_id: id, weight: 100 })),
    ...[5, 70, 150].map((id) => ({ term: 'rare', product_id: id, weight: 1 })),
  ];
  const match = (index: MemoryIndex, filters: string[][], term = 'common', weight = 1) =>
    index.matchingProducts({ term, weight, filters, limit: 500, scan: 5000 });

  it('finds the same products whether a word is a long list (a bitset) or a short one', () => {
    const index = MemoryIndex.of(postings);
    expect(match(index, [['rare']])).toEqual([5, 70, 150]);
    expect(match(index, [['even']])).toEqual(evens);
    expect(match(index, [['rare', 'even']])).toEqual([5, ...evens].sort((a, b) => a - b)); // 70 and 150 are even
    expect(match(index, [['rare'], ['even']])).toEqual([70, 150]);
    expect(match(index, [['rare'], ['nothing']])).toEqual([]);
    expect(match(index, [], 'even', 100)).toEqual(evens);
    expect(match(index, [], 'even', 1)).toEqual([]);
  });

  it('follows products taken out and added, past the end of what a bitset held', () => {
    const index = MemoryIndex.of(postings);
    expect(match(index, [['rare'], ['even']])).toEqual([70, 150]); // the lists' bitsets are made here
    index.remove([70]);
    expect(match(index, [['rare'], ['even']])).toEqual([150]);
    expect(match(index, [['even']])).toEqual(evens.filter((id) => id !== 70));
    index.add([
      { term: 'common', product_id: 70, weight: 1 },
      { term: 'even', product_id: 70, weight: 100 },
      { term: 'common', product_id: 5000, weight: 1 },
      { term: 'even', product_id: 5000, weight: 100 },
      { term: 'rare', product_id: 5000, weight: 1 },
    ]);
    expect(match(index, [['rare'], ['even']])).toEqual([150, 5000]);
    expect(match(index, [['even']])).toEqual([...evens, 5000]);
  });
});

/** The words one typo away from word that the index finds, in sort order. */
const typos = (index: MemoryIndex, word: string) =>
  index
    .findNearTerms(word, { fuzzy: true, prefixLimit: 10 })
    .filter((c) => c.quality === 1 && withinOneEdit(word, c.term))
    .map((c) => c.term)
    .sort();

describe('the copy in memory, words one typo away', () => {
  it('finds every word one deletion, insertion, substitution or swap away, and follows changes', () => {
    const words = ['robot', 'robots', 'rabot', 'robo', 'orbot', 'kit', 'kite', 'robotic'];
    const index = MemoryIndex.of(words.map((term, i) => ({ term, product_id: i + 1, weight: 1 })));
    expect(typos(index, 'robot')).toEqual(['orbot', 'rabot', 'robo', 'robots']);
    expect(typos(index, 'robto')).toEqual(['robo', 'robot']);
    expect(typos(index, 'kitte')).toEqual(['kite']);
    index.remove([1]); // robot
    expect(typos(index, 'robto')).toEqual(['robo']);
    expect(typos(index, 'robos')).toEqual(['robo', 'robots']);
    index.add([{ term: 'robot', product_id: 1, weight: 1 }]);
    expect(typos(index, 'robto')).toEqual(['robo', 'robot']);
  });
});

describe('the copy in memory, words one typo away, against every word of the vocabulary (decision 090)', () => {
  /** Every indexed word one edit away from word, found by comparing it with each of them. */
  const reference = (vocabulary: Iterable<string>, word: string) => [...vocabulary].filter((t) => t !== word && withinOneEdit(word, t)).sort();

  it('finds the same words for thousands of generated typos, made-up words and long words, through additions and removals', () => {
    const rand = random(90);
    const letters = 'abcdeorst';
    const made = (n: number) => Array.from({ length: n }, () => letters[Math.floor(rand() * letters.length)]!).join('');
    // Short letters from a small alphabet: many words one edit apart, and thousands of keys (the hash table grows).
    const vocabulary = new Map<string, number>();
    while (vocabulary.size < 1500) {
      const word = made(4 + Math.floor(rand() * 5));
      if (!vocabulary.has(word)) vocabulary.set(word, vocabulary.size + 1);
    }
    vocabulary.set('x'.repeat(32), vocabulary.size + 1);
    vocabulary.set('ro😀bot', vocabulary.size + 1);
    const index = MemoryIndex.of([...vocabulary].map(([term, id]) => ({ term, product_id: id, weight: 1 })));
    const asked = () => {
      const words = [...vocabulary.keys()];
      const word = words[Math.floor(rand() * words.length)]!;
      const r = rand();
      return r < 0.5 ? typo(word, rand) : r < 0.9 ? made(4 + Math.floor(rand() * 6)) : r < 0.95 ? 'x'.repeat(31 + Math.floor(rand() * 3)) : 'ro😀bt';
    };
    let found = 0;
    for (let round = 0; round < 4; round++) {
      for (let n = 0; n < 300; n++) {
        const word = asked();
        const expected = reference(vocabulary.keys(), word);
        expect(typos(index, word), word).toEqual(expected);
        found += expected.length;
      }
      // Take a fifth of the words out and put new ones in.
      const gone = [...vocabulary].filter(() => rand() < 0.2);
      index.remove(gone.map(([, id]) => id));
      for (const [term] of gone) vocabulary.delete(term);
      const added = Array.from({ length: 400 }, () => made(4 + Math.floor(rand() * 5))).filter((t) => !vocabulary.has(t));
      let id = 100_000 * (round + 1);
      for (const term of new Set(added)) vocabulary.set(term, ++id);
      index.add([...new Set(added)].map((term) => ({ term, product_id: vocabulary.get(term)!, weight: 1 })));
    }
    expect(found).toBeGreaterThan(500); // the typos do find words
  });
});

describe('the products an index in memory holds', () => {
  it('counts each product once, through loads, removals and additions', () => {
    const posting = (term: string, product_id: number) => ({ term, product_id, weight: 1 });
    const index = MemoryIndex.of([posting('robot', 3), posting('kit', 3), posting('robot', 70_000), posting('drone', 5)]);
    expect(index.documents).toBe(3);
    index.remove([3, 999]);
    expect(index.documents).toBe(2);
    index.add([posting('robot', 3), posting('servo', 3), posting('servo', 200_000)]);
    expect(index.documents).toBe(4);
  });
});
