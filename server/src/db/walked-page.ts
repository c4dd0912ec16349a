import type { Db } from './database';
import { isPostgres } from './dialect';

/** The most rows of a list's order a walk to a search's page reads (decision 114). */
export const WALK_ROWS = 10_000;

/**
 * How many of a list's rows, in its order, a walk to this page reads: 100 for each row up to the
 * page's end (its matches found while one row in 100 matches, as more than 10,000 of 1,000,000 do
 * when spread evenly), and never more than WALK_ROWS.
 */
export const walkedRows = (page: { limit: number; offset: number }) => Math.min(WALK_ROWS, 100 * (page.offset + page.limit));

/**
 * A filtered admin list's page and its count, capped at `cap` + 1 (decisions 114 and 120). On
 * SQLite a search that more than `cap` rows match walks the list's order to its page (`walk`: the
 * first walkedRows of the list without the search, the search tested on each, stopping at the
 * page) and reads the page by the search's indexes (`list`, which sorts every match) only when
 * the walk did not fill it; a search under the cap sorts at most `cap` matches, as before. The
 * count is made first there (it chooses the path; SQLite runs one statement at a time anyway).
 * PostgreSQL's planner chooses between the two itself, by its estimates, and without a search
 * there is nothing to choose: both statements run at once.
 */
export async function pageOfMatches<R>(
  db: Db,
  searched: boolean,
  cap: number,
  limit: number,
  read: { count: () => Promise<number>; list: () => Promise<R[]>; walk: () => Promise<R[]> },
): Promise<{ rows: R[]; counted: number }> {
  if (isPostgres(db) || !searched) {
    const [rows, counted] = await Promise.all([read.list(), read.count()]);
    return { rows, counted };
  }
  const counted = await read.count();
  const walked = counted > cap ? await read.walk() : [];
  return { rows: walked.length === limit ? walked : await read.list(), counted };
}
