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

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** verification, password-reset, email-change, ... */
  kind: string;
  /** outbox (kept here only) or smtp (sent, copy kept) */
  transport: string;
  created_at: Generated<string>;
}

export interface AppSettingTable {
  name: string;
  value: string;
}

/** better-auth's user table with our profile fields (column names are better-auth's). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  username: string | null;
  displayUsername: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  role: string | null;
  banned: boolean | number | null;
}

export interface Database {
  outbox: OutboxTable;
  app_settings: AppSettingTable;
  user: UserTable;
  categories: CategoryTable;
  products: ProductTable;
  product_images: ProductImageTable;
  advert_images: AdvertImageTable;
  search_postings: SearchPostingTable;
  search_vocab: SearchVocabTable;
  search_deletes: SearchDeleteTable;
}
