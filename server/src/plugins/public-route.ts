/**
 * The options of a public GET: the same answer for every visitor, so the public cache keeps it until an
 * admin change renews the cache's version (decision 033); `tag` groups it in the API document.
 */
export function publicRoute<S extends { summary: string }>(tag: string, schema: S) {
  return { config: { publicCache: true }, schema: { tags: [tag], ...schema } };
}
