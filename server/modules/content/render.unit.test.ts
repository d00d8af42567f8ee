// The sanitiser is the only thing between an admin's (or a stolen admin session's) text and every visitor's
// browser: these payloads are the classic ways script gets into a page (issue 7, "Quality bars").
import { describe, expect, it } from 'vitest';
import { plainTextOf, renderMarkdown, sanitizeContentHtml } from './render';

/** Nothing executable may survive: no script element, no on* attribute, no script-capable URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/<(iframe|object|embed|svg|math|style|form|input|base|meta|link)\b/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe('renderMarkdown', () => {
  it('renders ordinary Markdown: headings, emphasis, lists, tables, code and links', () => {
    const html = renderMarkdown([
      '## Before you sign', '', 'Read **every** line, *twice*.', '', '- one', '- two', '',
      '| Fee | Included |', '| --- | :-: |', '| Doc fee | Yes |', '', '```ts', 'const a = 1;', '```', '',
      'See [our inventory](/vehicles) or [AMVIC](https://www.amvic.org/).',
    ].join('\n'));
    expect(html).toContain('<h2>Before you sign</h2>');
    expect(html).toContain('<strong>every</strong>');
    expect(html).toContain('<em>twice</em>');
    expect(html).toContain('<li>one</li>');
    // In the tab order: a table scrolls sideways in its own box on a phone.
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<th align="center">Included</th>');
    expect(html).toContain('<code class="language-ts">');
    expect(html).toContain('<a href="/vehicles">our inventory</a>');
    // External links cannot reach window.opener nor leak our URL.
    expect(html).toContain('<a href="https://www.amvic.org/" rel="noopener noreferrer">AMVIC</a>');
  });

  it('demotes h1 to h2: the page title is the only h1', () => {
    expect(renderMarkdown('# Title in body')).toBe('<h2>Title in body</h2>');
  });

  it('drops script elements and their content', () => {
    const html = renderMarkdown('Hello <script>alert(document.cookie)</script> world\n\n<script src="https://evil.example/x.js"></script>');
    expectInert(html);
    expect(html).not.toContain('alert');
    expect(html).toContain('Hello');
  });

  it('drops event-handler attributes on allowed and unknown tags', () => {
    for (const payload of [
      '<img src="/uploads/a.webp" onerror="alert(1)" alt="x">',
      '<p onclick="alert(1)">click</p>',
      '<a href="/vehicles" onmouseover="alert(1)">hover</a>',
      '<svg onload="alert(1)"><circle r="1"/></svg>',
      '<svg><script>alert(1)</script></svg>',
      '<details open ontoggle="alert(1)">x</details>',
      '<body onload="alert(1)">',
      '<img src=x oNeRrOr=alert(1)>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ]) {
      const html = renderMarkdown(payload);
      expectInert(html);
      expect(html).not.toContain('alert');
    }
  });

  it('keeps a safe image with its alt text, lazily loaded', () => {
    const html = renderMarkdown('![A red truck](/uploads/covers/a-1280.webp)');
    expect(html).toMatch(/^<p><img [^>]+ \/><\/p>$/);
    for (const attr of ['src="/uploads/covers/a-1280.webp"', 'alt="A red truck"', 'loading="lazy"', 'decoding="async"']) expect(html).toContain(attr);
  });

  it('removes javascript: URLs in every disguise', () => {
    for (const payload of [
      '[click](javascript:alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href=" javascript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
      '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '[x](&#106;avascript:alert(1))',
      '<img src="javascript:alert(1)">',
    ]) {
      const html = renderMarkdown(payload);
      expectInert(html);
      expect(html, payload).not.toMatch(/href="[^"/]*script/i);
    }
  });

  it('refuses data: URLs on links and script-capable data images, keeps raster data images', () => {
    const link = renderMarkdown('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>');
    expect(link).not.toContain('data:');
    expect(renderMarkdown('<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="x">')).not.toContain('<img');
    expect(renderMarkdown('<img src="data:text/html,<script>alert(1)</script>" alt="x">')).not.toContain('<img');
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect(renderMarkdown(`<img src="${png}" alt="dot">`)).toContain(`src="${png}"`);
  });

  it('drops iframes, objects, forms, styles and style attributes', () => {
    for (const payload of [
      '<iframe src="https://evil.example"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<object data="https://evil.example/x.swf"></object>',
      '<embed src="https://evil.example/x.swf">',
      '<form action="https://evil.example"><input name="card"></form>',
      '<style>body{background:url(javascript:alert(1))}</style>',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<div style="position:fixed;inset:0">overlay</div>',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ]) {
      const html = renderMarkdown(payload);
      expectInert(html);
    }
  });

  it('refuses protocol-relative links (they leave the site while looking local)', () => {
    expect(renderMarkdown('<a href="//evil.example/login">x</a>')).toBe('<p><a>x</a></p>');
  });

  it('strips classes and ids an author adds, except a code block language', () => {
    const html = sanitizeContentHtml('<p class="fixed-overlay" id="login">x</p><code class="language-js other">y</code>');
    expect(html).toBe('<p>x</p><code class="language-js">y</code>');
  });

  it('rewrites a rel an author sets on an external link', () => {
    expect(sanitizeContentHtml('<a href="https://example.com" rel="opener">x</a>')).toBe('<a href="https://example.com" rel="noopener noreferrer">x</a>');
  });
});

describe('plainTextOf', () => {
  it('gives the words of a body without markup, cut at a word', () => {
    expect(plainTextOf('## Title\n\nSome **bold** text & <script>evil()</script>more.')).toBe('Title Some bold text & more.');
    const long = plainTextOf('word '.repeat(200), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('…')).toBe(true);
  });
});
