import type { Page } from '@playwright/test';

/** A text element whose text is wider than its box, and where it sits. */
export type ClippedText = { text: string; where: string };

/**
 * Text wider than its box (cut off, or running out of it): every block element holding visible
 * text whose scrollWidth passes its clientWidth. Left out: an ellipsis or a scrolling box (both
 * on purpose), inline elements (their line box is their parent's), and boxes hidden by clipping
 * on purpose (.visually-hidden, a card table's column labels). Used by the pseudo-locale and the
 * CJK/long-word layout specs.
 */
export async function findClippedText(page: Page): Promise<ClippedText[]> {
  return page.evaluate(() => {
    const SKIP = 'script, style, noscript, code, pre, kbd, samp, time, svg, .markdown, [aria-hidden="true"], [hidden]';
    const hiddenOnPurpose = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || node.getBoundingClientRect().width <= 1) return true;
      }
      return false;
    };
    const where = (element: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && parts.length < 3; node = node.parentElement)
        parts.unshift(node.tagName.toLowerCase() + (node.classList.length ? `.${[...node.classList].join('.')}` : ''));
      return parts.join(' > ');
    };
    const clipped: Array<{ text: string; where: string }> = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !/\p{L}/u.test(node.nodeValue ?? '') || element.closest(SKIP)) continue;
      seen.add(element);
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents') continue;
      if (style.textOverflow === 'ellipsis' || style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      if (hiddenOnPurpose(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        clipped.push({
          text: `${(element.textContent ?? '').trim().slice(0, 80)} (${element.scrollWidth} > ${element.clientWidth} px)`,
          where: where(element),
        });
    }
    return clipped;
  });
}

/** How far the page scrolls sideways (0 when it fits its viewport), and what reaches furthest out. */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; widest: string }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    let widest = '';
    let right = root.clientWidth;
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right <= right + 0.5) continue;
      // Inside a box that scrolls or clips sideways, the page itself does not grow.
      let contained = false;
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
        if (getComputedStyle(node).overflowX !== 'visible') contained = true;
      if (contained) continue;
      right = box.right;
      widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 60)}"`;
    }
    return { overflow: root.scrollWidth - root.clientWidth, widest };
  });
}
