/**
 * A small, safe Markdown renderer for the policy pages (decision 049; no Markdown library is among
 * the dependencies). Every character of the text is escaped: raw HTML shows as text, never as a
 * tag. The subset: headings (#, ##, ###), paragraphs, line breaks inside them, lists (- or * and
 * 1.), **bold**, *italic* or _italic_, `code`, and links [text](address) whose address is http(s),
 * mailto:, tel: or a path on this site (/...); any other address (javascript:, data:, …) keeps the
 * link's text and drops the link.
 */

/** Text as HTML: every character that could start markup or end an attribute escaped. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An address a policy page may link to, or null. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  // Control characters and whitespace inside a scheme are how "java\tscript:" slips through: refused.
  if ([...href].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || /\s/.test(c))) return null;
  if (/^\/(?!\/)/.test(href) || /^#[\w-]*$/.test(href)) return href;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href)) return href;
  return null;
}

/** Inline Markdown of one block's text, escaped. */
function inline(text: string): string {
  let out = '';
  let rest = text;
  // Links first (their text is formatted too), then code, bold and italic on the escaped text between them.
  const link = /\[([^\]\n]{1,500})\]\(((?:[^()\s]|\([^()\s]{0,200}\)){1,2000})\)/;
  for (let m = link.exec(rest); m; m = link.exec(rest)) {
    out += emphasis(rest.slice(0, m.index));
    const href = safeHref(m[2]!);
    const label = emphasis(m[1]!);
    out += href ? `<a href="${escapeHtml(href)}"${/^https?:/i.test(href) ? ' rel="noopener noreferrer"' : ''}>${label}</a>` : label;
    rest = rest.slice(m.index + m[0].length);
  }
  return out + emphasis(rest);
}

function emphasis(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`\n]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w*])\*([^*\n]+)\*(?![\w*])/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_([^_\n]+)_(?!\w)/g, '$1<em>$2</em>');
}

type Block = { kind: 'h'; level: number; text: string } | { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

/** Markdown → HTML of the subset above; nothing in the text becomes markup of its own. */
export function markdownToHtml(markdown: string): string {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d{1,3}[.)]\s+(.*)$/.exec(line);
    if (line.trim() === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: 'h', level: heading[1]!.length, text: heading[2]!.replace(/\s*#+$/, '') });
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const c = current as Block | null;
      if (c?.kind !== kind) {
        close();
        current = { kind, items: [] };
      }
      (current as unknown as { items: string[] }).items.push((bullet ?? numbered)![1]!);
    } else {
      const c = current as Block | null;
      if (c && (c.kind === 'ul' || c.kind === 'ol') && /^\s{2,}/.test(raw)) {
        // An indented line continues the list item above.
        c.items[c.items.length - 1] += ` ${line.trim()}`;
      } else if (c?.kind === 'p') c.lines.push(line.trim());
      else {
        close();
        current = { kind: 'p', lines: [line.trim()] };
      }
    }
  }
  close();
  return blocks
    .map((b) => {
      // Headings of a page's text start at h2: the page's own title is its h1.
      if (b.kind === 'h') return `<h${b.level + 1}>${inline(b.text)}</h${b.level + 1}>`;
      if (b.kind === 'p') return `<p>${b.lines.map(inline).join('<br>')}</p>`;
      return `<${b.kind}>${b.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${b.kind}>`;
    })
    .join('\n');
}
