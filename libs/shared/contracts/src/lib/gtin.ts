/**
 * A GTIN as its barcode prints it: the 14 digits the catalog keeps, without the zeros that pad a UPC-A to 14 (12
 * digits), an EAN-13 (13) or an EAN-8 (8, after six zeros). Anything else is returned as it is.
 */
export function printedGtin(gtin: string): string {
  if (!/^\d{14}$/.test(gtin)) return gtin;
  if (gtin.startsWith('000000')) return gtin.slice(6);
  if (gtin.startsWith('00')) return gtin.slice(2);
  if (gtin.startsWith('0')) return gtin.slice(1);
  return gtin;
}
