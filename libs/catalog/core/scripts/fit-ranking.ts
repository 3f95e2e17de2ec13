/**
 * Fits the words ranking's blend and factors (`WordsRanking`) on labelled cases: for each case the candidate products a
 * search ranked and which of them is the right one, or that none is. A search answers its best candidate only when it
 * scores at least the matcher's threshold, so "none of them" competes as one more candidate whose score is that
 * threshold: the fit ranks the right product first and also keeps the scores where the answer's threshold reads them.
 * It maximises the log-likelihood of the right choice under a softmax of `sharpness × log(score)`, less a penalty on
 * each parameter's distance from its start (a prior: parameters move only as far as the cases pay for), by coordinate
 * ascent over a grid of values, so the same cases always give the same parameters. The sharpness is chosen among `SHARPNESS` by the share of cases answered right.
 */
import { WORDS_EVIDENCE, wordsScore, type WordsCandidate, type WordsEvidence, type WordsRanking } from '../src/lib/words-ranking';
import { present } from '@pricehunt/contracts';

export interface RankingCase {
  candidates: WordsCandidate[];
  /** Index of the right candidate; -1 when none of them is right (the search should answer nothing). */
  right: number;
}

export interface RankingFit {
  ranking: WordsRanking;
  sharpness: number;
  /** Share of cases answered right (`answeredRight`). */
  answeredRight: number;
  logLikelihood: number;
}

const SHARPNESS = [2, 4, 8, 16, 32] as const;
/** Values a factor may take: 0.05 to 1 by 0.05. */
const FACTOR_GRID = Array.from({ length: 20 }, (_, i) => (i + 1) / 20);
/** Values the blend may take: 0 to 1 by 0.05. */
const BLEND_GRID = Array.from({ length: 21 }, (_, i) => i / 20);
/**
 * Weight of the penalty on each parameter's squared distance from its start (in logarithms for factors): a prior
 * around the start, so that a parameter moves only as far as the cases' likelihood pays for it.
 */
const DEFAULT_PRIOR = 1;
/** The blend's distance counts as a factor's log-ratio of this size per unit. */
const BLEND_SCALE = 4;
const SWEEPS = 12;
const FLOOR = 1e-9;

/**
 * Share of cases answered right under `ranking`: the right candidate scores above every other and at least
 * `threshold`, or, when none is right, every candidate scores below it. A tie for first counts as a share of a win.
 */
export function answeredRight(cases: readonly RankingCase[], ranking: WordsRanking, threshold: number): number {
  if (cases.length === 0) return 0;
  let wins = 0;
  for (const { candidates, right } of cases) {
    const scores = candidates.map((candidate) => wordsScore(candidate, ranking));
    if (right < 0) {
      if (scores.every((score) => score < threshold)) wins++;
      continue;
    }
    const target = present(scores[right]);
    if (target < threshold) continue;
    let above = 0;
    let tied = 0;
    for (let i = 0; i < scores.length; i++) {
      if (i === right) continue;
      if (present(scores[i]) > target) above++;
      else if (scores[i] === target) tied++;
    }
    if (above === 0) wins += 1 / (tied + 1);
  }
  return wins / cases.length;
}

/** Per case and candidate: the blend's two inputs and each evidence count, flat for the fit's inner loops. */
interface Packed {
  matcher: Float64Array;
  coverage: Float64Array;
  counts: Float64Array[];
  /** Start of each case's candidates, and the index of its right one (-1: none). */
  starts: number[];
  rights: number[];
}

function pack(cases: readonly RankingCase[]): Packed {
  const total = cases.reduce((sum, entry) => sum + entry.candidates.length, 0);
  const packed: Packed = {
    matcher: new Float64Array(total),
    coverage: new Float64Array(total),
    counts: WORDS_EVIDENCE.map(() => new Float64Array(total)),
    starts: [],
    rights: [],
  };
  let at = 0;
  for (const entry of cases) {
    packed.starts.push(at);
    packed.rights.push(entry.right < 0 ? -1 : at + entry.right);
    for (const candidate of entry.candidates) {
      packed.matcher[at] = candidate.matcher;
      packed.coverage[at] = candidate.coverage;
      WORDS_EVIDENCE.forEach((evidence, k) => (present(packed.counts[k])[at] = candidate.evidence[evidence]));
      at++;
    }
  }
  packed.starts.push(at);
  return packed;
}

function logLikelihood(packed: Packed, logScores: Float64Array, sharpness: number, logThreshold: number): number {
  let total = 0;
  for (let c = 0; c < packed.rights.length; c++) {
    const from = present(packed.starts[c]);
    const to = present(packed.starts[c + 1]);
    let max = logThreshold;
    for (let i = from; i < to; i++) max = Math.max(max, present(logScores[i]));
    let sum = Math.exp(sharpness * (logThreshold - max));
    for (let i = from; i < to; i++) sum += Math.exp(sharpness * (present(logScores[i]) - max));
    const right = present(packed.rights[c]);
    total += sharpness * ((right < 0 ? logThreshold : present(logScores[right])) - max) - Math.log(sum);
  }
  return total;
}

function fitAt(
  packed: Packed,
  start: WordsRanking,
  sharpness: number,
  logThreshold: number,
  held: ReadonlySet<WordsEvidence>,
  prior: number,
  holdBlend: boolean,
): { ranking: WordsRanking; logLikelihood: number } {
  const factors = { ...start.factors };
  let blend = start.blend;
  const n = packed.matcher.length;
  const blendLog = (value: number, i: number) => Math.log(Math.max(FLOOR, value * present(packed.matcher[i]) + (1 - value) * present(packed.coverage[i])));
  const evidenceLog = (i: number, skip: number) => {
    let sum = 0;
    WORDS_EVIDENCE.forEach((evidence, k) => {
      if (k !== skip) sum += present(present(packed.counts[k])[i]) * Math.log(factors[evidence]);
    });
    return sum;
  };
  const penalty = () =>
    prior * (WORDS_EVIDENCE.reduce((sum, evidence) => sum + Math.log(factors[evidence] / start.factors[evidence]) ** 2, 0) + (BLEND_SCALE * (blend - start.blend)) ** 2);
  const objectiveOf = (logScores: Float64Array) => logLikelihood(packed, logScores, sharpness, logThreshold) - penalty();
  const logScores = new Float64Array(n);
  let best = -Infinity;
  let chosenBlend = blend;
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    let moved = false;
    // The blend, with every factor held.
    const rest = new Float64Array(n);
    for (let i = 0; i < n; i++) rest[i] = evidenceLog(i, -1);
    const current = blend;
    for (const value of holdBlend ? [start.blend] : BLEND_GRID) {
      blend = value;
      for (let i = 0; i < n; i++) logScores[i] = blendLog(value, i) + present(rest[i]);
      const objective = objectiveOf(logScores);
      if (objective > best + 1e-9) {
        best = objective;
        chosenBlend = value;
      }
    }
    blend = chosenBlend;
    if (blend !== current) moved = true;
    // Each factor in turn, with the rest held.
    WORDS_EVIDENCE.forEach((evidence: WordsEvidence, k) => {
      const counts = present(packed.counts[k]);
      if (held.has(evidence) || !counts.some((count) => count > 0)) return;
      const others = new Float64Array(n);
      for (let i = 0; i < n; i++) others[i] = blendLog(blend, i) + evidenceLog(i, k);
      const current = factors[evidence];
      let chosen = current;
      for (const value of FACTOR_GRID) {
        factors[evidence] = value;
        for (let i = 0; i < n; i++) logScores[i] = present(others[i]) + present(counts[i]) * Math.log(value);
        const objective = objectiveOf(logScores);
        if (objective > best + 1e-9) {
          best = objective;
          chosen = value;
        }
      }
      factors[evidence] = chosen;
      if (chosen !== current) moved = true;
    });
    if (!moved) break;
  }
  return { ranking: { blend, factors }, logLikelihood: best };
}

/**
 * Fits the ranking on `cases` for answers read at `threshold`, starting from `start`. Factors no case's evidence
 * touches keep their start value, and so do those `held` names and, with `holdBlend`, the blend (rules kept by hand,
 * each for a real case its test names).
 */
export function fitRanking(
  cases: readonly RankingCase[],
  start: WordsRanking,
  options: { threshold: number; held?: readonly WordsEvidence[]; holdBlend?: boolean; prior?: number; log?: (line: string) => void },
): RankingFit {
  const packed = pack(cases);
  const held = new Set(options.held ?? []);
  const log = options.log ?? (() => undefined);
  const logThreshold = Math.log(options.threshold);
  let chosen: RankingFit | null = null;
  for (const sharpness of SHARPNESS) {
    const fitted = fitAt(packed, start, sharpness, logThreshold, held, options.prior ?? DEFAULT_PRIOR, options.holdBlend === true);
    const share = answeredRight(cases, fitted.ranking, options.threshold);
    log(`  sharpness ${sharpness}: answered right ${(100 * share).toFixed(1)}%, log-likelihood ${fitted.logLikelihood.toFixed(1)}`);
    if (!chosen || share > chosen.answeredRight + 1e-12) chosen = { ranking: fitted.ranking, sharpness, answeredRight: share, logLikelihood: fitted.logLikelihood };
  }
  return present(chosen);
}
