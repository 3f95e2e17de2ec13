/**
 * The scripts that hold a page framework's state, which the embedded-state reader reads: Next.js's __NEXT_DATA__, an
 * assignment of a window state object, or a window state handed to JSON.parse as a string.
 */
import { attr, rawText, type HtmlElement } from '../html';

/** A state script longer than this is not parsed (a page's whole store of every listing). */
export const MAX_STATE_SCRIPT = 3_000_000;
/**
 * An assignment of a window state: "__INITIAL_STATE__ = {…}" and its kin, also named after the app or the part of the
 * page it serves ("__PRODUCT_DETAIL_APP_INITIAL_STATE__", "__INITIAL_HEADER_STATE__"), and a Redux store's
 * "window.__data = {…}".
 */
const STATE_SCRIPT = /^\s*(?:(?:window\.)?__(?:[A-Z][A-Z_]*_)?(?:INITIAL_STATE|PRELOADED_STATE|APOLLO_STATE|NUXT|STATE|INITIAL_DATA|PRODUCT_DATA)__|window\.__data)\s*=/;
/**
 * A window state a script hands to JSON.parse as a string: "window.__STATE__ = JSON.parse(\"{…}\")", Target's
 * "'__TGT_DATA__': { value: deepFreeze(JSON.parse(\"{…}\")) }"; not a page's switches and settings (__FLAGS__, __CONFIG__).
 */
export const PARSED_STATE_SCRIPT = /__(?![A-Z_]*(?:FLAGS|CONFIG)__)[A-Z][A-Z_]*__['"]?\s*[:=][^;]{0,160}?JSON\.parse\(\s*["']/;

/** A script's text when it holds a framework's state, else null. */
export function stateScript(el: HtmlElement): string | null {
  const type = (attr(el, 'type') ?? '').toLowerCase();
  const code = rawText(el);
  if (code.length > MAX_STATE_SCRIPT) return null;
  if (attr(el, 'id') === '__NEXT_DATA__' && type.includes('json')) return code;
  return STATE_SCRIPT.test(code) || PARSED_STATE_SCRIPT.test(code) ? code : null;
}
