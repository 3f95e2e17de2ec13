/** JSON as pages embed it: lenient parsing (comments, CDATA, trailing commas, raw newlines) and walking its nodes. */
import { decodeEntities } from '../html';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function stripControlChars(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    if (code >= 0x20) out += ch;
    else if (ch === '\n' || ch === '\r' || ch === '\t') out += ' ';
  }
  return out;
}

/**
 * A string's quote marks written raw inside it ('"name": "Monitor 61 cm (24") - IPS"', an inch sign) escaped: a quote
 * inside a string closes it only where a comma, colon, closing bracket or the end follows.
 */
function escapeInnerQuotes(s: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (inString && ch === '\\') {
      out += ch + (s[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '"') {
      if (!inString) inString = true;
      else if (/^\s*(?:[,:}\]]|$)/.test(s.slice(i + 1, i + 40))) inString = false;
      else {
        out += '\\"';
        continue;
      }
    }
    out += ch;
  }
  return out;
}

/**
 * The top-level values a script writes one after another ('{…}{…}', or '{…}}' with a template's stray closing brace),
 * each cut where its brackets close; a closer with nothing open is skipped. Null when a value does not close.
 */
function valuesInSequence(s: string): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth++ === 0) start = i;
    } else if ((ch === '}' || ch === ']') && depth > 0 && --depth === 0) out.push(s.slice(start, i + 1));
  }
  return depth === 0 && out.length > 0 ? out : null;
}

/**
 * The text with its comments taken out where they stand outside strings: a template's CDATA wrapper in block comments, and a
 * note after a value ('"name": "Galaxy A71", //dinâmico'). A "//" inside a string (an address) stays.
 */
function withoutComments(s: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    if (inString) {
      if (ch === '\\') {
        out += ch + (s[i + 1] ?? '');
        i++;
        continue;
      }
      if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '/' && s[i + 1] === '/') {
      const end = s.indexOf('\n', i);
      i = end < 0 ? s.length : end - 1;
      continue;
    } else if (ch === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 1;
      continue;
    }
    out += ch;
  }
  return out;
}

/** A backslash before a character JSON does not escape ('\\&quot;' in a description) written as a backslash of its own. */
const strayEscapes = (s: string): string => s.replace(/"(?:[^"\\]|\\.)*"/g, (str) => str.replace(/\\([\s\S])/g, (pair, ch: string) => ('"\\/bfnrtu'.includes(ch) ? pair : `\\\\${ch}`)));

/** JSON.parse, or undefined where the text is no JSON. */
function tryParse(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The repairs real pages need (comments, CDATA, trailing commas, raw control characters in strings). */
function repair(raw: string): string {
  return (
    raw
      .trim()
      .replace(/^<!\[CDATA\[|\]\]>$/g, '')
      .replace(/^\s*<!--|-->\s*$/g, '')
      .replace(/^\s*\/\/[^\n]*$/gm, '')
      .replace(/;\s*$/, '')
      .replace(/,\s*([}\]])/g, '$1')
      // Raw control characters inside strings are invalid JSON but common.
      .replace(/"(?:[^"\\]|\\.)*"/g, (s) => stripControlChars(s))
  );
}

/** A script's values JSON has no word for (`"state":undefined`, NaN, Infinity) as null; strings are left as they are. */
const withoutScriptValues = (raw: string) =>
  raw.replace(/"(?:[^"\\]|\\.)*"|([:,[]\s*)(?:undefined|NaN|-?Infinity)(?=\s*[,}\]])/g, (match, before?: string) => (before === undefined ? match : `${before}null`));

/**
 * The text of a JSON string as a script writes it between its quotes, its escapes read ("Fran\\u0026Co" is "Fran&Co"),
 * trimmed; null when it is empty or no string's text.
 */
export function jsonStringText(raw: string): string | null {
  try {
    const value: unknown = JSON.parse(`"${raw}"`);
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}

/**
 * JSON.parse, then again after each repair in turn, each made only when the ones before fail (most scripts are valid
 * JSON): the common repairs, raw quotes inside strings, a comma left out between two properties on their own lines
 * ('"itemCondition": "…NewCondition"\n "priceCurrency": …'), comments outside strings, backslashes before characters
 * JSON does not escape, a script's `undefined` as a value, quotes written as HTML entities ('{&quot;@type&quot;:…'),
 * and last the values a script writes one after another.
 */
export function parseLenientJson(raw: string): Json | undefined {
  const first = tryParse(raw.trim());
  if (first !== undefined) return first;
  const repaired = repair(raw);
  const attempts: (() => string)[] = [
    () => repaired,
    () => escapeInnerQuotes(repaired),
    () => repaired.replace(/("|\d|[}\]]|true|false|null)([ \t\r]*\n\s*)("(?:[^"\\]|\\.)*"\s*:)/g, '$1,$2$3'),
    () => repair(withoutComments(raw)),
    () => strayEscapes(repaired),
    () => withoutScriptValues(repaired),
  ];
  if (/^\s*[[{]\s*&quot;/.test(raw)) attempts.push(() => decodeEntities(raw.trim()));
  for (const attempt of attempts) {
    const parsed = tryParse(attempt());
    if (parsed !== undefined) return parsed;
  }
  const values = valuesInSequence(repaired);
  if (!values) return undefined;
  const parsed = values.map(tryParse);
  if (parsed.some((v) => v === undefined)) return undefined;
  return parsed.length === 1 ? parsed[0] : (parsed as Json[]);
}

export function types(node: JsonObject): string[] {
  const t = node['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/:#]/, '').toLowerCase());
}

export function isProduct(node: JsonObject): boolean {
  return types(node).some((t) => t === 'product' || t === 'productgroup' || t === 'individualproduct' || t === 'productmodel');
}

export function collectNodes(root: Json, out: JsonObject[], ids: Map<string, JsonObject>, depth = 0): void {
  if (depth > 12 || root === null || typeof root !== 'object') return;
  if (Array.isArray(root)) {
    for (const x of root) collectNodes(x, out, ids, depth + 1);
    return;
  }
  out.push(root);
  const id = root['@id'];
  if (typeof id === 'string' && Object.keys(root).length > 1) ids.set(id, root);
  for (const [k, v] of Object.entries(root)) if (k !== '@context') collectNodes(v, out, ids, depth + 1);
}


export function first(v: Json | undefined): Json | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export function deref(v: Json | undefined, ids: Map<string, JsonObject>): Json | undefined {
  if (isObject(v) && typeof v['@id'] === 'string' && Object.keys(v).length === 1) return ids.get(v['@id']) ?? v;
  return v;
}


/** A node's list of values, references followed, objects only. */
export function objectsOf(v: Json | undefined, ids: Map<string, JsonObject>): JsonObject[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((x) => deref(x, ids)).filter(isObject);
}
