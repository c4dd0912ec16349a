/**
 * The pieces of never-asked search texts, drawn from `random` (a seeded generator): `pick` one of a
 * list, a word with a `typo` (a letter dropped, doubled or changed) and a `madeUp` word of 5-8
 * letters, which matches nothing. Used by bench:api and bench:search's warm-up.
 */
export function searchTextMaker(random: () => number) {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const typo = (w: string) => {
    const i = 1 + Math.floor(random() * (w.length - 1));
    const kind = Math.floor(random() * 3);
    return kind === 0
      ? w.slice(0, i) + w.slice(i + 1)
      : kind === 1
        ? w.slice(0, i) + w[i - 1] + w.slice(i)
        : w.slice(0, i) + pick([...'abcdefghijklmnopqrstuvwxyz']) + w.slice(i + 1);
  };
  const madeUp = () => Array.from({ length: 5 + Math.floor(random() * 4) }, (_, k) => pick([...(k % 2 ? 'aeiou' : 'bdfgklmnprstvz')])).join('');
  return { pick, typo, madeUp };
}
