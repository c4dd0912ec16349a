/** A mail's text split into plain runs and http(s) links, so the outbox can make links clickable. */
export function mailParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    // A sentence's full stop or closing bracket after a link is not part of it.
    const href = m[0].replace(/[.,;:!?)\]]+$/, '');
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: href, href });
    last = m.index + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
