/** The trade and service mark signs, which Unicode's compatibility decomposition spells as letters ("™" → "TM"). */
const MARK_SIGNS = /[\u2120\u2122]/g;

/**
 * The decimals of the fractions a size is written with ("10½", "1¾\""): after a whole number they are its decimals
 * ("10.5"), where the decomposition writes the fraction's digits on after the number's ("101⁄2": 101 and 2).
 */
const FRACTION_DECIMALS: Readonly<Record<string, string>> = { '½': '5', '¼': '25', '¾': '75', '⅛': '125', '⅜': '375', '⅝': '625', '⅞': '875' };
const GLUED_FRACTION = /(\d)([½¼¾⅛⅜⅝⅞])/g;

/**
 * Text as a search index or an address reads it: in lower case, without accents ("Café" → "cafe"), a mark sign
 * standing between words as any other symbol does ("DualSense™ Controller" → "dualsense  controller", where the
 * decomposition alone glues "tm" to the name: "dualsensetm"), a fraction after a whole number its decimals.
 */
export function foldAccents(text: string): string {
  return text
    .replace(MARK_SIGNS, ' ')
    .replace(GLUED_FRACTION, (_, whole: string, fraction: string) => `${whole}.${FRACTION_DECIMALS[fraction]}`)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
