/**
 * The title-code reader: the maker's part number many shops put in brackets at the end of the item's name, where
 * their spec table is thin or missing ("NEC - E274F-BK 27IN LCD LED (60005830)", "ASUS - VA27ACFSN Monitor schwarz
 * (90LM06GJ-B01170)", "Samsung Odyssey OLED G9 49\" G93SC (LS49CG934SUXEN) im Syswork IT Online Shop").
 */
import { cleanText } from '../html';
import type { Evidence } from './evidence';
import type { Page } from './page';
import { headingTitle } from './titles';

/** A code in brackets that ends the name, or stands before the shop's name ("… (UM.QB2EE.E01) bei Notebookkontor"). */
const CODE_AT_END = /[([]\s*([A-Za-z0-9][A-Za-z0-9./-]{3,24}[A-Za-z0-9])\s*[)\]]\s*(?:$|[-|–—:]\s|(?:bei|im|at|chez|su|en|på|op)\s)/iu;
/**
 * A measure, a count or a year in brackets names no part: "(31.5IN)", "(1080p)", "(128GB)", "(7-Piece)", "(2-pack)",
 * "(2023)", and so does a short number ("(4711)" may be anything).
 */
const NOT_A_PART = /^(?:\d+(?:[.,]\d+)?\s*-?(?:in|inch|zoll|cm|mm|m|gb|tb|mb|g|kg|lb|oz|ml|l|w|kw|v|mah|hz|p|i|k|x|er|pcs|pc|st|stk|pack|piece|pieces|teilig|tlg|set)\.?|\d+x\d+|(?:19|20)\d\d|\d{1,5})$/i;

/** The code a name ends with in brackets, if it is shaped like a part number: a digit, and no measure. */
export function codeAtEnd(name: string): string | null {
  const code = CODE_AT_END.exec(cleanText(name))?.[1];
  if (!code || !/\d/.test(code) || NOT_A_PART.test(code)) return null;
  return code;
}

/** The code the item's heading ends with, else the one its title tag or og:title ends with. */
export function fromTitleCode(page: Page): Evidence | null {
  const names = [headingTitle(page), page.meta.get('og:title')?.[0], page.titleTag];
  for (const name of names) {
    const code = name ? codeAtEnd(name) : null;
    if (code) return { mpn: code };
  }
  return null;
}
