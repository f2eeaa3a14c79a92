import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the prose of a static page', () => {
    const html = '<h2>Rules</h2><p>Be <strong>kind</strong>.</p><ul><li><a href="/support">Support</a></li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles and javascript: links', () => {
    const dirty =
      '<p onclick="steal()" style="color:red">Hi</p><script>alert(1)</script><style>p{}</style>' +
      '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><iframe src="https://evil.test"></iframe>';
    expect(sanitizeHtml(dirty)).toBe('<p>Hi</p><a>x</a>');
  });

  it('opens external links in a new tab without leaking the opener', () => {
    expect(sanitizeHtml('<a href="https://example.com">e</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">e</a>');
  });
});
