/**
 * What a catalog already knows when it scores a pair: the labelled matches of the other splits, as placement knows the
 * offers already grouped in a product. An offer is named by its record's text, the same on every line it appears on.
 *
 * Two rules read that knowledge, as placement reasons about the offers already in a product and a shop's second listing:
 * - two offers already in one group (linked by known matches, however many steps) are a match;
 * - an offer already matched to listings on the other side matches a further one only if that one is the same product as
 *   one of them (the pair scorer at its threshold says so); else its score is capped below the threshold.
 */
import type { LabelledPair } from './er-magellan';

/** The score of a pair the known matches rule out: below every threshold `train:matcher` chooses (0.05 and up). */
export const RULED_OUT_SCORE = 0.01;

export class KnownMatches {
  private readonly partners = new Map<string, Set<string>>();
  private readonly parent = new Map<string, string>();

  constructor(pairs: Iterable<LabelledPair>) {
    for (const p of pairs) {
      if (p.label !== 1) continue;
      this.link(p.leftText, p.rightText);
      this.link(p.rightText, p.leftText);
      this.parent.set(this.root(p.leftText), this.root(p.rightText));
    }
  }

  /** How many offers have a known match. */
  get size(): number {
    return this.partners.size;
  }

  /**
   * The score of `pair` given what is known: 1 when the two offers are in one known group; at most RULED_OUT_SCORE when
   * a side's known partners are none of them the same product as the other side (`same` answers that); else `score`.
   */
  adjust(pair: Pick<LabelledPair, 'leftText' | 'rightText'>, score: number, same: (known: string, other: string) => boolean): number {
    const { leftText: left, rightText: right } = pair;
    if (this.partners.has(left) && this.partners.has(right) && this.root(left) === this.root(right)) return 1;
    for (const [side, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const known = this.partners.get(side);
      if (known && ![...known].some((partner) => partner === other || same(partner, other))) return Math.min(score, RULED_OUT_SCORE);
    }
    return score;
  }

  private link(from: string, to: string): void {
    let set = this.partners.get(from);
    if (!set) this.partners.set(from, (set = new Set()));
    set.add(to);
  }

  private root(text: string): string {
    let r = text;
    for (let up = this.parent.get(r); up !== undefined && up !== r; up = this.parent.get(r)) r = up;
    // Every offer on the way points at the root from now on, so later lookups are short.
    for (let at = text; at !== r; ) {
      const up = this.parent.get(at) as string;
      this.parent.set(at, r);
      at = up;
    }
    return r;
  }
}
