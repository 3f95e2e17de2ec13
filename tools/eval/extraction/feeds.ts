/**
 * The feed section of `npm run eval:extraction`: published sample feeds (libs/catalog/feeds/src/fixtures/feeds) read
 * by the feed library's own readers; every row with a title, link and price should become an offer that reads what the
 * feed says. Rows lost are those that did not, or whose offer reads another value.
 */
import { scoreFeeds } from '@pricehunt/catalog-feeds/testing';
import { type EvalSection, type EvalSectionReport, pct } from './section';

export function feedsSection(): EvalSection {
  return {
    name: 'feeds',
    async run(): Promise<EvalSectionReport> {
      const scores = await scoreFeeds();
      const failures = new Map<string, string[]>();
      const rows = scores.map((s) => {
        if (s.lost.length > 0) failures.set(s.file, s.lost.map((l) => `${l.externalId}: ${l.why}`));
        return [s.file, s.format, String(s.rowsRead), String(s.offers), String(s.lost.length), String(s.warnings), pct(s.expected - s.lost.length, s.expected)];
      });
      const sum = (pick: (s: (typeof scores)[number]) => number) => scores.reduce((n, s) => n + pick(s), 0);
      const expected = sum((s) => s.expected);
      const lost = sum((s) => s.lost.length);
      rows.push(['all', '', String(sum((s) => s.rowsRead)), String(sum((s) => s.offers)), String(lost), String(sum((s) => s.warnings)), pct(expected - lost, expected)]);
      return {
        title: 'Sample feeds (rows with a title, link and price kept as offers)',
        header: ['feed', 'format', 'rows read', 'offers', 'rows lost', 'values left out', 'kept right'],
        rows,
        failures,
      };
    },
  };
}
