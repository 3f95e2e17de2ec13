/**
 * HTML reading on a real HTML parser (parse5, the WHATWG parsing algorithm browsers use): the page becomes the
 * same element tree a browser builds, so unclosed tags, stray markup and character references read as a shopper's
 * browser shows them. Helpers here walk that tree; no regular expressions over raw HTML.
 */
import { decodeHTML } from 'entities';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

export type HtmlNode = DefaultTreeAdapterMap['node'];
export type HtmlElement = DefaultTreeAdapterMap['element'];

/** The page's element tree. */
export function parseHtml(html: string): DefaultTreeAdapterMap['document'] {
  return parse(html);
}

export const isElement = (node: HtmlNode): node is HtmlElement => 'tagName' in node;

/** An attribute's value (names are lower-case in the tree), or undefined. */
export function attr(el: HtmlElement, name: string): string | undefined {
  for (const a of el.attrs) if (a.name === name) return a.value;
  return undefined;
}

export function hasAttr(el: HtmlElement, name: string): boolean {
  return el.attrs.some((a) => a.name === name);
}

/**
 * Whether an element's `hidden` attribute keeps it from the shopper. React's streamed server rendering sends the parts
 * of a page that were waited for as `<div hidden id="S:3">`, which its inline script moves into the page at once: what
 * such a part holds is shown.
 */
export function hiddenByAttribute(el: HtmlElement): boolean {
  return hasAttr(el, 'hidden') && !/^S:\d+$/.test(attr(el, 'id') ?? '');
}

/**
 * A node's children; a template's are those of its content, whose fragment is tied back to the template, so that a
 * walk up from an element inside it reaches the template (content a browser never shows).
 */
function childrenOf(node: HtmlNode): HtmlNode[] {
  if (isElement(node) && node.tagName === 'template') {
    const content = (node as DefaultTreeAdapterMap['template']).content as DefaultTreeAdapterMap['documentFragment'] & { parentNode?: HtmlNode };
    content.parentNode ??= node;
    return content.childNodes;
  }
  return 'childNodes' in node ? node.childNodes : [];
}

/** The element holding a node: its parent, or for a node in a template's content, the template. */
export function parentElement(node: HtmlNode): HtmlElement | null {
  const up = (node as { parentNode?: HtmlNode | null }).parentNode;
  if (!up) return null;
  if (isElement(up)) return up;
  const template = (up as { parentNode?: HtmlNode | null }).parentNode;
  return up.nodeName === '#document-fragment' && template && isElement(template) ? template : null;
}

/** Every element under `root` in document order (iterative: real pages nest thousands deep). */
export function* elements(root: HtmlNode): Generator<HtmlElement> {
  const stack: HtmlNode[] = [...childrenOf(root)].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as HtmlNode;
    if (!isElement(node)) continue;
    yield node;
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as HtmlNode);
  }
}

/** The raw text right before an element, where its parent's child before it is a text ("View All " before a link). */
export function textBefore(el: HtmlElement): string {
  const siblings = parentElement(el)?.childNodes ?? [];
  const before = siblings[siblings.indexOf(el) - 1];
  return before?.nodeName === '#text' ? (before as { value: string }).value : '';
}

/** Raw text of an element's text children (a <script>'s code, a <title>'s text). */
export function rawText(el: HtmlElement): string {
  let s = '';
  for (const c of el.childNodes) if (c.nodeName === '#text') s += (c as DefaultTreeAdapterMap['textNode']).value;
  return s;
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'select', 'option', 'button']);
const BLOCK = new Set(['address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'section', 'table', 'td', 'th', 'tr', 'ul']);
/**
 * An icon font's glyph: Material's icons are written as words the font draws as one picture (`<i
 * class="material-icons">star_rate</i>` is a star), which no shopper reads as text.
 */
const ICON_FONT = /(?:^|\s)material-(?:icons|symbols)(?:-[a-z]+)?(?:\s|$)/;
const isIconGlyph = (el: HtmlElement): boolean => ICON_FONT.test(attr(el, 'class') ?? '');
/** Whether an element starts a line of its own (a block, or a line break). */
export const isBlock = (el: HtmlElement): boolean => BLOCK.has(el.tagName);

/**
 * The text a shopper sees in an element: script, style and other invisible content skipped, block elements
 * separated by a space, whitespace collapsed. `skip` leaves out elements it accepts (a struck-through old price).
 * At most `limit` characters of the markup's text, from a walk of a bounded number of nodes (an element holding
 * thousands of empty ones reads as the text found before the bound). `opening` may write something where an element
 * begins, given the text before it (a decimal point before the cents a price sets apart).
 */
export function textOf(root: HtmlElement, skip?: (el: HtmlElement) => boolean, limit = 5000, opening?: (el: HtmlElement, before: string) => string): string {
  return walkText(root, skip, limit, opening, false);
}

/** Runs of the markup's spaces and line breaks: its indentation. */
const INDENTATION = /[ \t\n\r\f]{2,}/g;

/**
 * `textOf`, its `limit` counted in the characters a shopper reads: the markup's indentation counts as one space, so
 * that a deeply indented price ("<p>\n        173<sup>34</sup> Lei</p>") is read to its end.
 */
export function shownTextOf(root: HtmlElement, skip?: (el: HtmlElement) => boolean, limit = 5000, opening?: (el: HtmlElement, before: string) => string): string {
  return walkText(root, skip, limit, opening, true);
}

function walkText(root: HtmlElement, skip: ((el: HtmlElement) => boolean) | undefined, limit: number, opening: ((el: HtmlElement, before: string) => string) | undefined, collapse: boolean): string {
  let out = '';
  const stack: (HtmlNode | ' ')[] = [root];
  let budget = 2000 + limit * 20;
  while (stack.length > 0 && out.length < limit && budget-- > 0) {
    const node = stack.pop() as HtmlNode | ' ';
    if (node === ' ') {
      out += ' ';
      continue;
    }
    if (node.nodeName === '#text') {
      const text = (node as DefaultTreeAdapterMap['textNode']).value;
      out += collapse ? text.replace(INDENTATION, ' ') : text;
      continue;
    }
    if (!isElement(node)) continue;
    if (node !== root && (HIDDEN.has(node.tagName) || hiddenByAttribute(node) || isIconGlyph(node) || (skip && skip(node)))) continue;
    if (opening && node !== root) {
      const opened = opening(node, out);
      // A separator written where an element opens joins the text before it, across the markup's spaces.
      if (opened) out = /^[.,]/.test(opened) ? out.trimEnd() + opened : out + opened;
    }
    const block = BLOCK.has(node.tagName);
    if (block) stack.push(' ');
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as HtmlNode);
    if (block) stack.push(' ');
  }
  return cleanText(out);
}

/**
 * Decode character references the way browsers do, for text that holds them once more (JSON-LD strings,
 * attributes encoded twice): named references, decimal and hex ones, with 128–159 read as windows-1252
 * (`&#153;` is ™), and invalid code points as U+FFFD.
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

/** Collapse whitespace (including no-break and zero-width spaces, bidi marks) and trim. */
export function cleanText(text: string): string {
  return text.replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '').replace(/[\s\u00a0]+/g, ' ').trim();
}
