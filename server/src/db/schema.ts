import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them. */
export interface CategoryTable {
  id: Generated<number>;
  type: string;
  /** lower-cased type, unique: "Drone Kits" and "drone kits" are one category */
  type_key: string;
  created_at: Generated<string>;
}

export interface ProductTable {
  id: Generated<number>;
  title: string;
  description: string;
  price_paise: number;
  category_id: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  path: string;
  position: number;
  width: number;
  height: number;
}

export interface AdvertImageTable {
  id: Generated<number>;
  path: string;
  position: number;
  width: number;
  height: number;
  created_at: Generated<string>;
}

/** One row per (word, product): the best field the word appears in. */
export interface SearchPostingTable {
  term: string;
  product_id: number;
  weight: number;
}

/** Every word ever indexed. */
export interface SearchVocabTable {
  term: string;
  /** how many products hold the word */
  doc_count: Generated<number>;
}

/** One-character deletions of every vocabulary word, for typo-tolerant lookup. */
export interface SearchDeleteTable {
  variant: string;
  term: string;
}

export interface Database {
  categories: CategoryTable;
  products: ProductTable;
  product_images: ProductImageTable;
  advert_images: AdvertImageTable;
  search_postings: SearchPostingTable;
  search_vocab: SearchVocabTable;
  search_deletes: SearchDeleteTable;
}
