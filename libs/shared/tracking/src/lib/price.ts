/**
 * Not the catalog's shared price reader (`readPrice` of @pricehunt/catalog-feeds) on purpose: this runs in shoppers'
 * browsers, which may not load server-scope libraries, and reads a data layer's value, whose currency the data
 * layer states beside it; the shared reader's table of currency signs and names would be most of its weight.
 *
 * Reads a price as shops print it: `$1,299.99`, `1.299,99 €`, `1 299,99 €`, `CHF 1'299.00`, `£12.50 - £15.00` (first
 * figure), or a number. A lone separator followed by exactly three digits is a thousands separator (`1,299`),
 * except after a leading zero (`0.999`). Returns null when there is no figure.
 */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const match = input.match(/\d[\d.,\s\u00a0\u202f']*/);
  if (!match) return null;
  const figure = match[0].replace(/[\s\u00a0\u202f']/g, '').replace(/[.,]+$/, '');

  const lastDot = figure.lastIndexOf('.');
  const lastComma = figure.lastIndexOf(',');
  let decimal: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimal = lastDot > lastComma ? '.' : ',';
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const occurrences = figure.split(separator).length - 1;
    const digitsAfter = figure.length - figure.lastIndexOf(separator) - 1;
    const integerPart = figure.slice(0, figure.indexOf(separator));
    if (occurrences === 1 && (digitsAfter !== 3 || integerPart === '0')) decimal = separator;
  }

  let normalized: string;
  if (decimal) {
    const at = figure.lastIndexOf(decimal);
    normalized = `${figure.slice(0, at).replace(/[.,]/g, '')}.${figure.slice(at + 1)}`;
  } else {
    normalized = figure.replace(/[.,]/g, '');
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
