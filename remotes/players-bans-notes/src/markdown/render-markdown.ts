import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// SPEC 5: line breaks are breaks; links with these schemes are dropped.
const UNSAFE_SCHEME = /^(javascript|vbscript|data):/i;
const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction'];

const marked = new Marked({ gfm: true, breaks: true, async: false });
let purifier: ReturnType<typeof DOMPurify> | null = null;

/** Browsers ignore whitespace and control characters inside a scheme ("java\tscript:"), so do we. */
function isUnsafeUrl(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return UNSAFE_SCHEME.test(value.replace(/[\u0000-\u0020\u007f-\u009f]/g, ''));
}

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // A private instance, so our hook does not leak into other users of DOMPurify on the page.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const attribute of URL_ATTRIBUTES) {
      const value = node.getAttribute(attribute);
      if (value !== null && isUnsafeUrl(value)) node.removeAttribute(attribute);
    }
    if (node.tagName === 'A') {
      if (!node.hasAttribute('href')) {
        // A link whose target was dropped is no link: keep its text only.
        node.replaceWith(...Array.from(node.childNodes));
        return;
      }
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = instance;
  return instance;
}

/** Markdown (notes, notices) to sanitised HTML: safe to put in the page. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return getPurifier().sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
