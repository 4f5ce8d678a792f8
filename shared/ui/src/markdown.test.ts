import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

function render(markdown: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = renderMarkdown(markdown);
  return element;
}

describe('renderMarkdown', () => {
  it('renders markdown with line breaks as <br>', () => {
    const html = render('**Welcome**\nline two\n\n[Rules](https://example.org/rules)');
    expect(html.querySelector('strong')?.textContent).toBe('Welcome');
    expect(html.querySelectorAll('br')).toHaveLength(1);
    const link = html.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/rules');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(link?.getAttribute('target')).toBe('_blank');
  });

  it('keeps images but strips event handlers (<img onerror>)', () => {
    const html = render('<img src="x" onerror="alert(1)"> hi <svg onload="alert(2)"></svg><script>alert(3)</script>');
    const img = html.querySelector('img');
    expect(img?.getAttribute('onerror')).toBeNull();
    expect(html.innerHTML).not.toMatch(/onerror|onload|<script/i);
  });

  it.each([
    ['[click](javascript:alert(1))'],
    ['[click](JaVaScRiPt:alert(1))'],
    ['[click](vbscript:msgbox(1))'],
    ['[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['<a href="javascript:alert(1)">click</a>'],
    ['<a href="java&#x09;script:alert(1)">click</a>'],
    ['<a href=" data:text/html,<script>alert(1)</script>">click</a>'],
    ['<a href="java&#09;script:alert(1)">click</a>'],
    ['<a href="\u0001javascript:alert(1)">click</a>'],
  ])('drops the link of %s and keeps its text', (markdown) => {
    const html = render(markdown);
    expect(html.querySelector('a')).toBeNull();
    expect(html.textContent).toContain('click');
  });

  it('removes scripts, event handlers and data: images', () => {
    const root = render(
      '<script>alert(1)</script><img src="x" onerror="alert(1)"><img src="data:image/png;base64,AA==">',
    );
    expect(root.querySelector('script')).toBeNull();
    for (const image of root.querySelectorAll('img')) {
      expect(image.getAttribute('onerror')).toBeNull();
      expect(image.getAttribute('src') ?? '').not.toMatch(/^data:/);
    }
  });

  it('drops inline styles and forms', () => {
    const html = render('<p style="position:fixed">x</p><form action="/api/x"><button>go</button></form>');
    expect(html.innerHTML).not.toMatch(/style=|<form|<button/);
    expect(render('<iframe src="https://example.org"></iframe><input value="x">').innerHTML).toBe('');
  });
});
