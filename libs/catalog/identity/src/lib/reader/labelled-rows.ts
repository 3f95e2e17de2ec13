/**
 * Labelled rows of the visible page: a table row's label and value (or two or three pairs side by side), a definition
 * term and its description, a "Label: value" list item.
 */
import { cleanText, elements, textOf, type HtmlElement } from '../html';

const LABEL_MAX = 60;
/** Labelled values kept from one page. */
export const MAX_LABELLED = 400;

/** A cell's text that says the same thing twice (a filter's checkbox label and its link: "KFA2 KFA2"), once. */
const writtenOnce = (t: string) => /^(\S.*?)\s+\1$/u.exec(t)?.[1] ?? t;

/** A row's last cell that only holds a control beside the pair ("Herstellernummer | MPXQ2D/A | Drucken"). */
function isActionCell(cell: HtmlElement): boolean {
  if (textOf(cell, undefined, 40).length > 20) return false;
  for (const el of elements(cell)) if (el !== cell && (el.tagName === 'a' || el.tagName === 'button')) return true;
  return false;
}

/** Label–value pairs one table row may hold side by side ("MPN: | A-BLH8580G | Colour: | Yellow"; suruga-ya's four: 管理番号, 発売日, 定価, 型番). */
const MAX_ROW_PAIRS = 4;

/** A row of several label–value pairs: read only when each label cell ends with a colon or is a header cell. */
function rowPairs(cells: HtmlElement[], out: [string, string][]): void {
  if (cells.length % 2 !== 0) return;
  const pairs: [string, string][] = [];
  for (let i = 0; i < cells.length; i += 2) {
    const labelCell = cells[i] as HtmlElement;
    const written = cleanText(textOf(labelCell, undefined, 200));
    if (labelCell.tagName !== 'th' && !/[:：]$/.test(written)) return;
    pushPair(written, writtenOnce(textOf(cells[i + 1] as HtmlElement, undefined, 300)), pairs);
  }
  out.push(...pairs);
}

/**
 * A label and its value, cleaned: the label lower case without its closing colon, a closing hash set apart by one
 * space ("Product#", "Item #:" read "product #", "item #"), as the label words write it.
 */
function pushPair(label: string, value: string, out: [string, string][]): void {
  const l = cleanText(label).replace(/[:：]+$/, '').trim().replace(/\s*#+$/, ' #').replace(/^ #$/, '').toLowerCase();
  const v = cleanText(value).replace(/^[:：]\s*/, '');
  if (l && v && l.length <= LABEL_MAX) out.push([l, v]);
}

/** A table row's header and data cells. */
const cellsOf = (row: HtmlElement) => row.childNodes.filter((c): c is HtmlElement => 'tagName' in c && (c.tagName === 'th' || c.tagName === 'td'));

/** "UPC" | "0123…" from a table row, a definition term and its description, or a "Label: value" list item. */
export function collectLabelled(el: HtmlElement, out: [string, string][]): void {
  if (out.length > MAX_LABELLED) return;
  let label: string | null = null;
  let value: string | null = null;
  if (el.tagName === 'tr') {
    const cells = cellsOf(el);
    if (cells.length === 3 && isActionCell(cells[2] as HtmlElement)) cells.pop();
    // A row of header cells alone names a table's columns (read by collectColumns), it pairs nothing.
    if (cells.every((c) => c.tagName === 'th')) return;
    if (cells.length > 2 && cells.length <= MAX_ROW_PAIRS * 2) return rowPairs(cells, out);
    if (cells.length !== 2) return;
    label = textOf(cells[0] as HtmlElement, undefined, 200);
    value = writtenOnce(textOf(cells[1] as HtmlElement, undefined, 300));
  } else if (el.tagName === 'dt') {
    const parent = el.parentNode as HtmlElement | null;
    const siblings = parent?.childNodes.filter((c): c is HtmlElement => 'tagName' in c) ?? [];
    const next = siblings[siblings.indexOf(el) + 1];
    if (!next || next.tagName !== 'dd') return;
    label = textOf(el, undefined, 200);
    value = textOf(next, undefined, 300);
  } else {
    const t = textOf(el, undefined, 300);
    const m = /^([^:：]{2,40})[:：]\s*(.{1,200})$/.exec(t);
    if (!m) return;
    label = m[1] as string;
    value = m[2] as string;
  }
  pushPair(label ?? '', value ?? '', out);
}

/** A table's own rows, in its head, bodies and foot; a nested table's rows are its own. */
function rowsOf(table: HtmlElement): HtmlElement[] {
  const rows: HtmlElement[] = [];
  for (const child of table.childNodes) {
    if (!('tagName' in child)) continue;
    if (child.tagName === 'tr') rows.push(child);
    else if (child.tagName === 'thead' || child.tagName === 'tbody' || child.tagName === 'tfoot') {
      for (const row of child.childNodes) if ('tagName' in row && row.tagName === 'tr') rows.push(row);
    }
  }
  return rows;
}

/** Columns a table may name in its header row ("Option | UPC | MPN | Store SKU"). */
const MAX_COLUMNS = 8;

/**
 * A table whose first row names its columns and whose rows below say one thing: each column's name labels its value
 * ("UPC | MPN" over "845436013282 | 03-0104GP"). Rows written twice count once and empty rows not at all; a table of
 * two different rows (two variants, two items) is not read, as neither is surely the page's.
 */
export function collectColumns(table: HtmlElement, out: [string, string][]): void {
  if (out.length > MAX_LABELLED) return;
  const [head, ...body] = rowsOf(table);
  const names = head ? cellsOf(head) : [];
  if (names.length < 2 || names.length > MAX_COLUMNS || names.some((c) => c.tagName !== 'th')) return;
  const said = new Map<string, HtmlElement>();
  for (const row of body) {
    const written = cleanText(textOf(row, undefined, 1000));
    if (written) said.set(written, row);
    if (said.size > 1) return;
  }
  const [row] = said.values();
  const cells = row ? cellsOf(row) : [];
  if (cells.length !== names.length) return;
  names.forEach((name, i) => pushPair(textOf(name, undefined, 200), writtenOnce(textOf(cells[i] as HtmlElement, undefined, 300)), out));
}
