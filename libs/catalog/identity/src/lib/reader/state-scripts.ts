/**
 * The scripts that hold a page framework's state, which the embedded-state reader reads: Next.js's __NEXT_DATA__, an
 * assignment of a window state object, or a window state handed to JSON.parse as a string.
 */
import { attr, rawText, type HtmlElement } from '../html';
import { parseLenientJson, type Json } from './json';

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

const ESCAPED: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** The text of the JavaScript string literal that opens with `quote` just before `start`, or null when it never ends. */
function stringLiteral(code: string, start: number, quote: string): string | null {
  const parts: string[] = [];
  const stops = quote === '"' ? /["\\]/g : /['\\]/g;
  for (let i = start; i < code.length; ) {
    stops.lastIndex = i;
    const stop = stops.exec(code)?.index;
    if (stop === undefined) return null;
    parts.push(code.slice(i, stop));
    i = stop;
    if (code[i] === quote) return parts.join('');
    const c = code[i + 1] ?? '';
    const hex = c === 'u' ? 4 : c === 'x' ? 2 : 0;
    parts.push(hex ? String.fromCharCode(parseInt(code.slice(i + 2, i + 2 + hex), 16)) : (ESCAPED[c] ?? c));
    i += 2 + hex;
  }
  return null;
}

/** A state written as JSON, or handed to JSON.parse as a string literal (the JSON is the literal's text). */
function parseState(code: string): Json | undefined {
  const parsed = PARSED_STATE_SCRIPT.exec(code);
  if (parsed) {
    const literal = stringLiteral(code, parsed.index + parsed[0].length, parsed[0].slice(-1));
    return literal === null ? undefined : parseLenientJson(literal);
  }
  const body = code.replace(/^\s*(?:window\.)?__\w+\s*=\s*/, '').replace(/;\s*$/, '');
  return parseLenientJson(body);
}


const parsed = new WeakMap<readonly string[], Json[]>();

/** The states of a page's state scripts, parsed once for the readers that search them (a script that is no JSON is left out). */
export function parsedStates(scripts: readonly string[]): Json[] {
  let states = parsed.get(scripts);
  if (!states) {
    states = scripts.map(parseState).filter((s): s is Json => s !== undefined);
    parsed.set(scripts, states);
  }
  return states;
}
