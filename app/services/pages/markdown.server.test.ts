import { isSafeUrl, markdownExcerpt, renderMarkdown, sanitizeMarkdownHtml } from './markdown.server';

/**
 * The elements of sanitized output with their attributes. sanitize-html escapes every `<` and `"` in
 * text and attribute values, so each `<` starts a tag: anything this pattern does not read fails.
 */
function elements(html: string) {
  const found: Array<{ tag: string; attrs: Record<string, string> }> = [];
  const tag = /<\/?([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/gy;
  let at = html.indexOf('<');
  while (at !== -1) {
    tag.lastIndex = at;
    const m = tag.exec(html);
    if (!m) throw new Error(`unreadable markup at ${at}: ${html.slice(at, at + 40)}`);
    const attrs = Object.fromEntries([...m[2]!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!.replace(/&amp;/g, '&')]));
    if (!m[0].startsWith('</')) found.push({ tag: m[1]!, attrs });
    at = html.indexOf('<', tag.lastIndex);
  }
  return found;
}
const hrefsAndSrcs = (html: string) =>
  elements(html).flatMap((e) => [e.attrs.href, e.attrs.src].filter((v): v is string => v !== undefined));
const ALLOWED_TAGS = new Set('p br hr h2 h3 h4 h5 h6 strong em s blockquote ul ol li code pre a img table thead tbody tr th td'.split(' '));
const noScriptAnywhere = (html: string) => {
  for (const { tag, attrs } of elements(html)) {
    expect(ALLOWED_TAGS.has(tag), tag).toBe(true);
    for (const name of Object.keys(attrs)) {
      expect(name).not.toMatch(/^on/);
      expect(name).not.toBe('style');
    }
  }
  for (const url of hrefsAndSrcs(html)) expect(allowedInOutput(url), url).toBe(true);
};

/** What may appear as an address in the output: http(s), mailto, data: images, or a relative path (not `//host`). */
const allowedInOutput = (url: string) =>
  /^(https?:|mailto:|data:image\/(png|gif|jpeg|webp);)/i.test(url) || (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[/\\]{2}/.test(url));

describe('renderMarkdown: what markdown is for', () => {
  it('renders headings (one level below the page title), lists, emphasis, code and tables', () => {
    const html = renderMarkdown(
      '# 新功能\n\n## 细节\n\n- **更快** 的检测\n- *新* 的 `API`\n\n1. 一\n2. 二\n\n```ts\nconst a = 1 < 2;\n```\n\n| 模块 | 变化 |\n|:--|--:|\n| 润色 | 提速 |\n\n> 引用\n\n---',
    );
    expect(html).toContain('<h2>新功能</h2>');
    expect(html).toContain('<h3>细节</h3>');
    expect(html).toContain('<li><strong>更快</strong> 的检测</li>');
    expect(html).toContain('<em>新</em>');
    expect(html).toContain('<code>API</code>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>');
    expect(html).toContain('<th data-align="left">模块</th>');
    expect(html).toContain('<td data-align="right">提速</td>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<hr />');
    noScriptAnywhere(html);
  });

  it('links: external ones open in a new tab without opener or referrer; site paths and mail stay in place', () => {
    const html = renderMarkdown(
      '[官网](https://example.com/a?b=1) [常见问题](/dash/faq) [邮件](mailto:help@example.com) https://example.org/x',
    );
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">官网</a>');
    expect(html).toContain('<a href="/dash/faq" rel="noopener noreferrer">常见问题</a>');
    expect(html).toContain('<a href="mailto:help@example.com" rel="noopener noreferrer">邮件</a>');
    expect(html).toContain('<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">https://example.org/x</a>');
  });

  it('pictures: this site and data: images show; an external one becomes a link (the CSP would block it)', () => {
    expect(renderMarkdown('![图](/favicon.svg)')).toContain('<img src="/favicon.svg" alt="图" loading="lazy" />');
    expect(renderMarkdown('![图](data:image/png;base64,iVBORw0KGgo=)')).toContain('<img src="data:image/png;base64,iVBORw0KGgo="');
    const external = renderMarkdown('![截图](https://cdn.example.com/a.png)');
    expect(external).not.toContain('<img');
    expect(external).toContain('<a href="https://cdn.example.com/a.png" rel="noopener noreferrer" target="_blank">截图</a>');
    expect(renderMarkdown('![x](//cdn.example.com/a.png)')).not.toContain('<img');
    expect(renderMarkdown('![x](data:image/svg+xml;base64,PHN2Zz4=)')).not.toContain('<img');
  });
});

describe('renderMarkdown: hostile input', () => {
  it.each([
    ['a script element', '<script>window.__xss=1</script>'],
    ['a script split across lines', '<script\n>alert(1)</script\n>'],
    ['an image with onerror', '<img src=x onerror="window.__xss=2">'],
    ['an svg with onload', '<svg onload=alert(1)><circle /></svg>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style element and attribute', '<style>body{display:none}</style><p style="position:fixed">x</p>'],
    ['raw HTML block', '<div onclick="alert(1)">\n\n**x**\n\n</div>'],
    ['an inline anchor with javascript:', 'text <a href="javascript:alert(1)">y</a>'],
  ])('%s stays visible text, never markup', (_name, input) => {
    const html = renderMarkdown(input);
    noScriptAnywhere(html);
    // The author's text is shown escaped, as written.
    expect(html).toContain('&lt;');
  });

  it.each([
    '[x](javascript:window.__xss=3)',
    '[x](JavaScript:alert(1))',
    '[x](  javascript:alert(1))',
    '[x](javascript&#58;alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](<java\tscript:alert(1)>)',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](data:image/png;base64,iVBORw0KGgo=)',
    '[x](file:///etc/passwd)',
    '[x](//evil.example/phish)',
    '<javascript:alert(1)>',
    '<vbscript:msgbox(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '![x](javascript:alert(1))',
    '![x](" onerror="alert(1))',
  ])('%s gives no dangerous address', (input) => {
    const html = renderMarkdown(input);
    noScriptAnywhere(html);
    for (const url of hrefsAndSrcs(html)) expect(allowedInOutput(url), url).toBe(true);
    expect(html).not.toMatch(/<a [^>]*href="(?:javascript|vbscript|data|file)/i);
  });

  it('nested markdown inside a link keeps the outer safe link and drops the inner javascript: one', () => {
    const html = renderMarkdown('[**粗体** [内层](javascript:alert(1))](https://ok.example)');
    noScriptAnywhere(html);
    expect(html).toContain('<a href="https://ok.example" rel="noopener noreferrer" target="_blank"><strong>粗体</strong>');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('a link title cannot break out of its attribute', () => {
    const html = renderMarkdown('[x](https://a.example "t\\" onmouseover=\\"alert(1)")');
    noScriptAnywhere(html);
    expect(html).toContain('title="t&quot; onmouseover=&quot;alert(1)"');
  });

  it('a fence info string cannot add attributes', () => {
    const html = renderMarkdown('```js" onmouseover="alert(1)\ncode\n```');
    noScriptAnywhere(html);
    expect(elements(html).find((e) => e.tag === 'code')?.attrs).toEqual({});
  });
});

describe('sanitizeMarkdownHtml: the second layer catches what the first might let by', () => {
  it('removes scripts, handlers, styles and frames from raw HTML', () => {
    const html = sanitizeMarkdownHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><img src="x" onerror="alert(1)"><iframe src="//e"></iframe><svg onload="x"></svg><div>b</div><h1>T</h1>',
    );
    expect(html).toBe('<p>a</p>b<h2>T</h2>');
  });

  it('keeps a link text but not a javascript:, vbscript: or data: address; external links get rel and target', () => {
    expect(sanitizeMarkdownHtml('<a href="javascript:alert(1)">a</a>')).toBe('a');
    expect(sanitizeMarkdownHtml('<a href="  JAVA\nSCRIPT:alert(1)">a</a>')).toBe('a');
    expect(sanitizeMarkdownHtml('<a href="vbscript:x">a</a>')).toBe('a');
    expect(sanitizeMarkdownHtml('<a href="data:text/html,x">a</a>')).toBe('a');
    expect(sanitizeMarkdownHtml('<a href="//evil.example">a</a>')).toBe('a');
    expect(sanitizeMarkdownHtml('<a href="https://x.example" target="_self" rel="opener">a</a>')).toBe(
      '<a href="https://x.example" rel="noopener noreferrer" target="_blank">a</a>',
    );
  });

  it('drops pictures the page could not show (external, protocol-relative, non-image data:)', () => {
    expect(sanitizeMarkdownHtml('<img src="https://cdn.example/a.png" alt="a">')).toBe('');
    expect(sanitizeMarkdownHtml('<img src="//cdn.example/a.png">')).toBe('');
    expect(sanitizeMarkdownHtml('<img src="data:text/html,x">')).toBe('');
    expect(sanitizeMarkdownHtml('<img src="/a.png" alt="a" onload="x">')).toBe('<img src="/a.png" alt="a" loading="lazy" />');
  });

  it('keeps only language-* classes and alignment values it knows', () => {
    expect(sanitizeMarkdownHtml('<code class="language-ts evil">x</code>')).toBe('<code class="language-ts">x</code>');
    expect(sanitizeMarkdownHtml('<td data-align="url(x)" style="text-align:right">x</td>')).toBe('<td data-align="right">x</td>');
  });
});

describe('isSafeUrl', () => {
  it('admits http(s), mailto, relative addresses and data: images only', () => {
    for (const ok of [
      'https://a.example',
      'http://a.example',
      'mailto:a@b.c',
      '/dash/faq',
      '#top',
      'page.html',
      'data:image/png;base64,AA==',
    ]) {
      expect(isSafeUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:x',
      ' JavaScript:x',
      'java\tscript:x',
      'vbscript:x',
      'data:text/html,x',
      'file:///x',
      '//evil.example',
      '\\\\evil',
    ]) {
      expect(isSafeUrl(bad), bad).toBe(false);
    }
  });
});

describe('markdownExcerpt', () => {
  it('is the readable text without markup, headings or code blocks, cut with an ellipsis', () => {
    expect(markdownExcerpt('# 标题\n\n这是 **重要** 更新，含 `code`。\n\n```\nblock\n```\n\n- 列表项')).toBe(
      '这是 重要 更新，含 code。 列表项',
    );
    expect(markdownExcerpt('一二三四五六七八九十', 5)).toBe('一二三四五…');
    expect(markdownExcerpt('[链接](javascript:alert(1))')).toBe('[链接](javascript:alert(1))');
  });
});
