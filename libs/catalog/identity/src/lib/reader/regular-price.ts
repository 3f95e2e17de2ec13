/**
 * The regular price a shown price stands beside: "$98.00 $130.00" where the second is marked old, struck or was. The
 * shopper pays the shown one; markup that states only the regular price (a template's offer left at the list price
 * during a sale) is told apart by it.
 */
import { readPrice } from '@pricehunt/catalog-feeds';
import { elements, type HtmlElement } from '../html';
import { isOldPrice, isStruckPrice, parentOf, priceTextOf } from './markup';

/** Ancestors of the shown price looked in: its price block, not the page. */
const BLOCK_CLIMB = 3;
/** Elements looked at inside that block. */
const BLOCK_REACH = 40;

export function regularBeside(shown: HtmlElement, amount: number, localeCurrency: string | null): number | null {
  let block: HtmlElement | null = shown;
  for (let i = 0; i < BLOCK_CLIMB && block; i++) {
    block = parentOf(block);
    if (!block) return null;
    let seen = 0;
    for (const el of elements(block)) {
      if (++seen > BLOCK_REACH) break;
      if (!isOldPrice(el) && !isStruckPrice(el)) continue;
      const read = readPrice(priceTextOf(el, undefined, 60), { currency: localeCurrency });
      if (read.ok && read.value.amount > amount) return read.value.amount;
    }
  }
  return null;
}
