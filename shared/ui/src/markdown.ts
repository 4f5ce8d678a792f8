import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// SPEC 3/5: line breaks are breaks; links with javascript:, vbscript: or data: are dropped
// (their text kept). The same schemes are removed from every URL attribute (data: images too).
const UNSAFE_SCHEME = /^(javascript|vbscript|data):/i;
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'poster', 'background'];
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

const marked = new Marked({ gfm: true, breaks: true, async: false });
let purifier: ReturnType<typeof DOMPurify> | null = null;

/** Browsers ignore whitespace and control characters inside a scheme ('java\tscript:'), so do we. */
function isUnsafeUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return UNSAFE_SCHEME.test(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
}

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // A private instance, so this hook does not leak into other users of DOMPurify on the page.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const attribute of URL_ATTRIBUTES) {
      const value = node.getAttribute(attribute);
      if (value !== null && isUnsafeUrl(value)) node.removeAttribute(attribute);
    }
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (!href) {
      // A link whose target was dropped is no link: keep its text only.
      node.replaceWith(...Array.from(node.childNodes));
      return;
    }
    node.setAttribute('rel', 'noopener noreferrer nofollow');
    if (/^https?:/i.test(href)) node.setAttribute('target', '_blank');
  });
  purifier = instance;
  return instance;
}

/**
 * The one sanitiser: markdown (notices, notes, docs) to HTML safe to put in the page. Output goes
 * through DOMPurify (no scripts, event handlers, styles or form controls); unsafe links are dropped.
 * Import it from this file only where the lazy <Markdown> will not do: it pulls marked and DOMPurify.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style'],
  });
}
