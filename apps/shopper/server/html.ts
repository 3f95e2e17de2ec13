/**
 * The HTML the shopper site's server sends: Vite's `index.html` with a server-rendered page put in, or as the shell.
 * Replacements are functions: a replacement string would read `$&`, `$'` or `$$` in a product's title as patterns.
 */
import type { RenderResult } from '../src/entry-server';
import { ROUTE_DATA_GLOBAL } from '../src/lib/route-data';

/** Paths whose pages are searches or one shopper's answers: never in a search engine's index. */
export const NOINDEX = /^\/(?:search|new-search|history|favorites|watches|login|reset-password|confirm-email|alerts|tracking-test|real-tracking-test)(?:\/|$)|^\/https?:/i;

/** JSON that stays JSON inside a <script> element (no `</script>` or `<!--` in it). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page the template and the render make: the head's tags, the app's HTML and the data the browser starts from; a
 * page rendered for another address (a search's results) keeps its request in session storage and sets the address bar
 * to it before the app's code runs.
 */
export function pageHtml(template: string, result: Extract<RenderResult, { kind: 'page' }>): string {
  const data = scriptJson(result.data);
  const stored = result.stored ? `try{sessionStorage.setItem(${scriptJson(result.stored.key)},${scriptJson(result.stored.value)})}catch(e){}` : '';
  const address = result.location ? `${stored}history.replaceState(null,'',${scriptJson(result.location)});` : '';
  // The page's own title and description take the place of the site's.
  return template
    .replace(/<title>[^<]*<\/title>/, (title) => (result.head.includes('<title>') ? '' : title))
    .replace(/<meta name="description"[^>]*>/, (meta) => (result.head.includes('name="description"') ? '' : meta))
    .replace('</head>', () => `${result.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${result.html}</div><script>${address}window.${ROUTE_DATA_GLOBAL}=${data}</script>`);
}

/** The shell for pages rendered in the browser; search pages are kept out of search engines' indexes. */
export function shellHtml(template: string, pathname: string): string {
  return NOINDEX.test(pathname) ? template.replace('</head>', () => '<meta name="robots" content="noindex" /></head>') : template;
}
