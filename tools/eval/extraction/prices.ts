/**
 * The price-string section of `npm run eval:extraction`: real price texts of shops (scrapinghub/price-parser's test
 * data, libs/catalog/feeds/src/fixtures/price-strings.json) read by the shared price reader in page mode, with the
 * text of a separate currency element as its currency hint where the source had one.
 */
import { readPrice } from '@pricehunt/catalog-feeds';
import { scorePriceStrings } from '@pricehunt/catalog-feeds/testing';
import { type EvalSection, type EvalSectionReport, pct } from './section';

export function pricesSection(): EvalSection {
  return {
    name: 'prices',
    run(): EvalSectionReport {
      const { groups, misses } = scorePriceStrings((text, hint) => {
        const read = readPrice(text, { currencyText: hint });
        return read.ok ? { amount: read.value.decimal, currency: read.value.currency } : { amount: null, currency: null };
      });
      const total = { cases: 0, amount: 0, currency: 0, right: 0 };
      const rows = groups.map((g) => {
        total.cases += g.cases;
        total.amount += g.amountRight;
        total.currency += g.currencyRight;
        total.right += g.right;
        return [g.group, String(g.cases), pct(g.amountRight, g.cases), pct(g.currencyRight, g.cases), pct(g.right, g.cases)];
      });
      rows.push(['all', String(total.cases), pct(total.amount, total.cases), pct(total.currency, total.cases), pct(total.right, total.cases)]);
      const failures = new Map<string, string[]>();
      for (const miss of misses) {
        const lines = failures.get(miss.group) ?? [];
        lines.push(`line ${miss.line}: ${JSON.stringify(miss.text)} (hint ${JSON.stringify(miss.hint)}): expected ${miss.expected}, read ${miss.got}`);
        failures.set(miss.group, lines);
      }
      return { title: 'Price strings (amount and currency read right)', header: ['group', 'cases', 'amount', 'currency', 'both'], rows, failures };
    },
  };
}
