import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

function parse(html: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
}

describe('renderMarkdown', () => {
  it('renders markdown with single line breaks as <br>', () => {
    const root = parse(renderMarkdown('**bold** text\nnext line'));
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('br')).not.toBeNull();
  });

  it('keeps http links and marks them noopener', () => {
    const link = parse(renderMarkdown('[site](https://example.org/x)')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/x');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JavaScript:alert(1))',
    '[x](vbscript:msgbox)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '<a href="java&#09;script:alert(1)">x</a>',
    '<a href=" data:text/html,hi">x</a>',
  ])('drops the link of %s but keeps its text', (source) => {
    const root = parse(renderMarkdown(source));
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('x');
  });

  it('removes scripts, event handlers and data: images', () => {
    const root = parse(
      renderMarkdown('<script>alert(1)</script><img src="x" onerror="alert(1)"><img src="data:image/png;base64,AA==">'),
    );
    expect(root.querySelector('script')).toBeNull();
    const images = root.querySelectorAll('img');
    for (const image of images) {
      expect(image.getAttribute('onerror')).toBeNull();
      expect(image.getAttribute('src') ?? '').not.toMatch(/^data:/);
    }
  });
});
