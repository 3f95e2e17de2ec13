/**
 * The rows of specifications a page's state holds as label–value objects, which its app draws into the table a shopper
 * reads ({"name": "Hersteller Artikelnummer", "value": "SM-T510NZKFDBT"}, {"label": "EAN", "values": ["4006381333931"]},
 * {"key": "Brand", "displayValue": "Samsung"}): read by the spec-table reader after the rows the page shows, under the
 * same labels.
 */
import { isObject, type Json, type JsonObject } from './json';
import { BRAND_LABEL, GTIN_LABEL, MPN_LABEL } from './labels';

/** Objects looked at in one page's states. */
const MAX_NODES = 50_000;
const MAX_DEPTH = 24;
const LABEL_KEYS = ['name', 'label', 'key', 'attributeName', 'displayName'] as const;
const VALUE_KEYS = ['value', 'displayValue', 'values', 'text'] as const;
const LABEL_MAX = 60;
const VALUE_MAX = 80;

/**
 * A label without the abbreviation or note it ends with in brackets: "Manufacturer Part Number (MPN)", "Artikelnummer
 * (SKU)", "Marke (Hersteller)", "MPN (Manufacturer Part Number)" name what they name without it.
 */
export const withoutNote = (label: string) => label.replace(/\s*[([][^)\]]{1,40}[)\]]$/, '');

/** A row's value: text or a number, or a list of one (of text, or of an object holding its value). */
function valueOf(v: Json | undefined): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (Array.isArray(v) && v.length === 1) {
    const [only] = v;
    return isObject(only) ? valueOf(only['value'] ?? only['text'] ?? only['name']) : valueOf(only);
  }
  return null;
}

type Field = 'gtin' | 'mpn' | 'brand';

/** The field a row's label names, of those the state's rows are read for. */
function fieldOf(label: string): Field | null {
  const plain = withoutNote(label.trim());
  return GTIN_LABEL.test(plain) ? 'gtin' : MPN_LABEL.test(plain) ? 'mpn' : BRAND_LABEL.test(plain) ? 'brand' : null;
}

/** A label–value object's row and the field its label names, or null for any other object. */
function rowOf(node: JsonObject): { row: [string, string]; field: Field } | null {
  const label = LABEL_KEYS.map((k) => node[k]).find((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= LABEL_MAX);
  const field = label ? fieldOf(label) : null;
  if (!label || !field) return null;
  for (const k of VALUE_KEYS) {
    const value = valueOf(node[k]);
    if (value && value.length <= VALUE_MAX) return { row: [label.trim(), value], field };
  }
  return null;
}

/**
 * The gtin, model and brand rows of the states, each field's rows only where they all give one value: a state holding
 * the rows of several products (a comparison, a carousel's) names several, and none of them is known to be the item's.
 */
export function stateSpecRows(states: readonly Json[]): [string, string][] {
  const rows: { row: [string, string]; field: Field }[] = [];
  const stack: [Json, number][] = states.map((s) => [s, 0]);
  for (let budget = MAX_NODES; stack.length > 0 && budget > 0; budget--) {
    const [node, depth] = stack.pop() as [Json, number];
    if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) continue;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i] as Json, depth + 1]);
    const row = Array.isArray(node) ? null : rowOf(node);
    if (row) rows.push(row);
  }
  const values = new Map<Field, Set<string>>();
  for (const { row, field } of rows) values.set(field, (values.get(field) ?? new Set()).add(row[1].toLowerCase()));
  return rows.filter(({ field }) => values.get(field)?.size === 1).map(({ row }) => row);
}
