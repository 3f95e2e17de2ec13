/** The trade and service mark signs, which Unicode's compatibility decomposition spells as letters ("™" → "TM"). */
const MARK_SIGNS = /[\u2120\u2122]/g;

/**
 * Text as a search index or an address reads it: in lower case, without accents ("Café" → "cafe"), a mark sign
 * standing between words as any other symbol does ("DualSense™ Controller" → "dualsense  controller", where the
 * decomposition alone glues "tm" to the name: "dualsensetm").
 */
export function foldAccents(text: string): string {
  return text.replace(MARK_SIGNS, ' ').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
