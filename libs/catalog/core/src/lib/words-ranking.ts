/**
 * How products are ranked for words alone (a URL slug or typed words): the pair matcher's score blended with how much
 * of the words' weight a product's offers hold, times one factor per piece of evidence against the product. The blend
 * and the factors are fitted by `npm run train:ranking` (tools/train/ranking.ts) on searches built from the real
 * offers of the public sets' train splits, and loaded from `ranking-weights.json`.
 */
import rankingJson from './ranking-weights.json';

/**
 * Evidence against a candidate product, each a count (0 when absent); the score is multiplied by its factor that many
 * times.
 */
export const WORDS_EVIDENCE = [
  /** Measured values (capacity, size, weight…) the words state that no member of the product shares. */
  'quantityConflicts',
  /** A colour the words state that no member has, while members state another. */
  'colourConflict',
  /** A model number of the words that members contradict (or, when some candidate states every model number of the words, another model number instead of one of them). */
  'modelConflict',
  /** Some model number of the words no member states, while they state another (the family name may still agree). */
  'modelMismatch',
  /** An edition or variant word ("pro", "max", "upgrade") the words and the members disagree on. */
  'editionConflict',
  /** A line number of the words ("Slim 7") against another of the members ("Slim 5"). */
  'lineConflict',
  /** A plain number of the words against another of the members. */
  'numberConflict',
  /** The retailer whose URL the words come from already lists the product under another id. */
  'listedAtRetailer',
  /** Leading name words of the words that most members of another candidate hold and no member of this one does. */
  'nameConflicts',
  /** The words begin with a brand some candidate's members state, and no member of this one states it. */
  'brandConflict',
  /**
   * The words do not ask for an accessory, most of the product's listings read as one, and a product that is none
   * covers the words at least half as well as the best.
   */
  'accessoryProduct',
  /** The words ask for an accessory ("replacement battery for …") and most of the product's listings are none. */
  'accessoryWords',
  /** The product's offers do not hold every one of the words between them. */
  'wordsMissing',
] as const;
export type WordsEvidence = (typeof WORDS_EVIDENCE)[number];

/** What a candidate product is ranked on. */
export interface WordsCandidate {
  /** The pair matcher's score of the words against the product's best member, in [0, 1]. */
  matcher: number;
  /** Share of the words' weight (rarer words weigh more) the product's members hold between them, in [0, 1]. */
  coverage: number;
  evidence: Record<WordsEvidence, number>;
}

/** Fitted parameters of one kind of words. */
export interface WordsRanking {
  /** Share of the matcher's score in the blend (the rest is coverage). */
  blend: number;
  /** Factor in (0, 1] per piece of evidence. */
  factors: Record<WordsEvidence, number>;
}

/** Typed words and URL slugs are ranked with parameters of their own. */
export type WordsKind = 'typed' | 'slug';

export interface RankingWeights {
  typed: WordsRanking;
  slug: WordsRanking;
}

/** Reads and checks a weights file's parameters. */
export function rankingFromJson(json: unknown): RankingWeights {
  const root = json as Partial<Record<WordsKind, { blend?: unknown; factors?: Record<string, unknown> }>>;
  const kind = (name: WordsKind): WordsRanking => {
    const entry = root?.[name];
    if (!entry || typeof entry.blend !== 'number' || entry.blend < 0 || entry.blend > 1) throw new Error(`ranking weights: ${name}.blend must be a number in [0, 1]`);
    const factors = {} as Record<WordsEvidence, number>;
    for (const evidence of WORDS_EVIDENCE) {
      const factor = entry.factors?.[evidence];
      if (typeof factor !== 'number' || !(factor > 0) || factor > 1) throw new Error(`ranking weights: ${name}.factors.${evidence} must be a number in (0, 1]`);
      factors[evidence] = factor;
    }
    return { blend: entry.blend, factors };
  };
  return { typed: kind('typed'), slug: kind('slug') };
}

const shipped = rankingFromJson(rankingJson);

/** The committed ranking parameters (`ranking-weights.json`). */
export function defaultRanking(): RankingWeights {
  return shipped;
}

/** A candidate's score in [0, 1] under the given parameters. */
export function wordsScore(candidate: WordsCandidate, ranking: WordsRanking): number {
  let score = ranking.blend * candidate.matcher + (1 - ranking.blend) * candidate.coverage;
  for (const evidence of WORDS_EVIDENCE) {
    const count = candidate.evidence[evidence];
    if (count > 0) score *= ranking.factors[evidence] ** count;
  }
  return score;
}
