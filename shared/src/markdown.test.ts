import { describe, expect, it } from 'vitest';
import { markdownToHtml, safeHref } from './markdown';

describe('policy Markdown', () => {
  it('draws headings, paragraphs, lists, emphasis and links', () => {
    const html = markdownToHtml(
      '# Terms\n\nWe ship **fast** and *well*.\nSecond line.\n\n- one\n- two [home](/)\n\n1. first\n2. second\n\nMail [us](mailto:a@b.in) or [visit](https://example.com).',
    );
    expect(html).toBe(
      [
        '<h2>Terms</h2>',
        '<p>We ship <strong>fast</strong> and <em>well</em>.<br>Second line.</p>',
        '<ul><li>one</li><li>two <a href="/">home</a></li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
        '<p>Mail <a href="mailto:a@b.in">us</a> or <a href="https://example.com" rel="noopener noreferrer">visit</a>.</p>',
      ].join('\n'),
    );
  });

  it('shows raw HTML as text, never as a tag', () => {
    const html = markdownToHtml('Hello <script>alert(1)</script> <img src=x onerror=alert(1)> & "quotes"');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&amp; &quot;quotes&quot;');
  });

  it('keeps the text of links to javascript:, data: and other addresses, without the link', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', '//evil.example', 'vbscript:x']) {
      expect(markdownToHtml(`[click](${href})`)).toBe('<p>click</p>');
    }
    expect(markdownToHtml('[click](java\tscript:x)')).not.toContain('<a');
    expect(safeHref('java\tscript:x')).toBeNull();
    expect(safeHref(' tel:+912012345678')).toBe('tel:+912012345678');
    // An address with a quote cannot break out of its attribute.
    expect(markdownToHtml('[x](https://a.example/"onmouseover=alert(1))')).toContain('href="https://a.example/&quot;onmouseover=alert');
  });
});
