import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Links to these schemes run code or smuggle content: the link is dropped, its text kept.
const UNSAFE_LINK = /^\s*(javascript|vbscript|data):/i;

/** Browsers ignore control characters and spaces inside a scheme ('java\tscript:'). */
function withoutControlCharacters(text: string): string {
  let out = '';
  for (const char of text) if (char.charCodeAt(0) > 0x20) out += char;
  return out;
}

const marked = new Marked({ gfm: true, breaks: true, async: false });

let hooked = false;
function ensureHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    // DOMPurify already strips most such hrefs; this also catches the ones it lets through.
    if (!href || UNSAFE_LINK.test(withoutControlCharacters(href))) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    if (/^https?:/i.test(href)) node.setAttribute('target', '_blank');
  });
}

/**
 * Markdown to safe HTML: line breaks render as <br>, the output goes through DOMPurify
 * (no scripts, no event handlers, no style), and javascript:/vbscript:/data: links are dropped.
 */
export function renderMarkdown(markdown: string): string {
  ensureHooks();
  const html = marked.parse(markdown) as string;
  const body = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
    RETURN_DOM: true,
  }) as unknown as HTMLElement;
  // A link whose target was dropped is no link: keep its text only.
  for (const anchor of Array.from(body.querySelectorAll<HTMLAnchorElement>('a:not([href])')))
    anchor.replaceWith(...anchor.childNodes);
  return body.innerHTML;
}
