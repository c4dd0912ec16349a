/**
 * Names for the statements the app sends PostgreSQL again and again (decision 086). pg sends an
 * unnamed statement by default, and the backend parses and plans it afresh each time: in a
 * checkout's log the parse and bind of a session lookup took ten times its execution. A named
 * statement is parsed once per connection and, after a few runs, may keep a generic plan.
 *
 * Only a text seen before gets a name (a one-off stays unnamed), only a plain SELECT, INSERT,
 * UPDATE, DELETE or WITH (the statements PostgreSQL can prepare) with no `*` (a prepared `select *` or
 * `returning *` fails with "cached plan must not change result type" once another node's migration
 * adds a column; named columns do not), and at most `max` texts in all:
 * every backend keeps each name it parsed for as long as it lives, and texts that vary (a list of
 * `$1 … $n` of another length) must not fill it without end. Texts seen once are forgotten past
 * `maxSeen`.
 */
export function statementNames(max = 300, maxSeen = 5000) {
  const names = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= max || !PREPARABLE.test(text) || text.includes('*')) return undefined;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= maxSeen) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const made = `s${names.size + 1}`;
    names.set(text, made);
    return made;
  };
}

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
