import type { Page } from 'playwright-core';

/** A small phone held upright: the narrowest screen every page of the web apps fits without sideways scrolling. */
export const PHONE_VIEWPORT = { width: 375, height: 800 } as const;

/** A page wider than its window: how wide, and the elements that stick out past the window's right edge. */
export interface SidewaysOverflow {
  scrollWidth: number;
  /** The innermost elements that stick out (at most five), as `tag.class "text…" (right edge)`. */
  culprits: string[];
}

/**
 * Whether the page scrolls sideways (`document.documentElement.scrollWidth` beyond the window's width) and, if so,
 * which elements push it out, so that a failing check names them. Elements inside a box that scrolls or clips on
 * its own (a table's `overflow-x: auto` wrapper) do not widen the page and are not named.
 */
export async function sidewaysOverflow(page: Page): Promise<SidewaysOverflow | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width) return null;
    // Clipped by an ancestor that scrolls or clips, unless the element is positioned out of it: an absolutely
    // positioned element is held only by its positioned ancestors, a fixed one by none.
    const clippedByAncestor = (element: Element): boolean => {
      let position = getComputedStyle(element).position;
      if (position === 'fixed') return true;
      for (let parent = element.parentElement; parent && parent !== document.body && parent !== root; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        const holds = position !== 'absolute' || style.position !== 'static';
        if (holds && style.overflowX !== 'visible') return true;
        if (holds) position = style.position;
        if (position === 'fixed') return true;
      }
      return false;
    };
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5;
    // Every element that reaches past the right edge and is not clipped on the way; named are the innermost ones.
    const outside = Array.from(document.body.querySelectorAll('*')).filter((element) => sticksOut(element) && !clippedByAncestor(element));
    const innermost = outside.filter((element) => !outside.some((other) => other !== element && element.contains(other)));
    const culprits = innermost.slice(0, 5).map((element) => {
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes}${text ? ` "${text}"` : ''} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`;
    });
    return { scrollWidth: root.scrollWidth, culprits };
  });
}
