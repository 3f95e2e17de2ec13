/**
 * assignCluster: which existing product cluster a new offer joins, if any.
 *
 * Each candidate offer carries the id of the cluster it belongs to. A cluster's score is the best
 * pair score between the new offer and its members (single linkage); a cluster with a member of
 * the same GTIN wins outright, unless that member contradicts the GTIN (`gtinDecides`). The best cluster at or above the threshold is chosen; ties go
 * to the cluster with the higher mean score, then the smaller id, so the outcome is deterministic.
 */
import type { MatcherModel } from './model';
import { getDefaultModel } from './model';
import type { ItemIdentity } from './item';
import type { PreparedOffer } from './prepare';
import { gtinDecides, type MatchReason, scorePair } from './score';
import type { IdfStats } from './tfidf';

export interface ClusterCandidate {
  clusterId: string;
  offer: ItemIdentity | PreparedOffer;
}

export interface ClusterScore {
  clusterId: string;
  /** Best pair score with any member. */
  score: number;
  meanScore: number;
  members: number;
  /** Index into the candidates array of the best-scoring member. */
  bestCandidate: number;
  reasons: MatchReason[];
}

export interface AssignClusterOptions {
  /** Minimum score to join a cluster; defaults to the model threshold. */
  threshold?: number;
  stats?: IdfStats;
  model?: MatcherModel;
}

export interface ClusterAssignment {
  /** The chosen cluster, or null when the offer should start a new one. */
  clusterId: string | null;
  score: number;
  reasons: MatchReason[];
  /** Every candidate cluster, best first. */
  ranked: ClusterScore[];
}

export function assignCluster(
  offer: ItemIdentity | PreparedOffer,
  candidates: readonly ClusterCandidate[],
  options: AssignClusterOptions = {},
): ClusterAssignment {
  if (!Array.isArray(candidates)) throw new TypeError('candidates must be an array');
  const model = options.model ?? getDefaultModel();
  const threshold = options.threshold ?? model.threshold;
  if (!(threshold >= 0 && threshold <= 1)) throw new TypeError('threshold must be a number between 0 and 1');

  // Reasons are worded only for the clusters a caller reads them of: ranking many candidates needs the scores alone.
  type Entry = Omit<ClusterScore, 'reasons'> & { sum: number; gtinHit: boolean; best: { readonly reasons: MatchReason[] } };
  const byCluster = new Map<string, Entry>();
  candidates.forEach((candidate, index) => {
    if (!candidate || typeof candidate.clusterId !== 'string' || candidate.clusterId === '') {
      throw new TypeError(`candidates[${index}].clusterId must be a non-empty string`);
    }
    const result = scorePair(offer, candidate.offer, { stats: options.stats, model });
    const entry = byCluster.get(candidate.clusterId);
    const gtinHit = gtinDecides(result.evidence);
    if (!entry) {
      byCluster.set(candidate.clusterId, {
        clusterId: candidate.clusterId,
        score: result.score,
        meanScore: result.score,
        members: 1,
        bestCandidate: index,
        best: result,
        sum: result.score,
        gtinHit,
      });
      return;
    }
    entry.members++;
    entry.sum += result.score;
    entry.meanScore = entry.sum / entry.members;
    entry.gtinHit ||= gtinHit;
    if (result.score > entry.score) {
      entry.score = result.score;
      entry.bestCandidate = index;
      entry.best = result;
    }
  });

  const all = [...byCluster.values()];
  all.sort(
    (x, y) =>
      Number(y.gtinHit) - Number(x.gtinHit) ||
      y.score - x.score ||
      y.meanScore - x.meanScore ||
      (x.clusterId < y.clusterId ? -1 : x.clusterId > y.clusterId ? 1 : 0),
  );
  const ranked: ClusterScore[] = all.map(({ clusterId, score, meanScore, members, bestCandidate, best }) => ({
    clusterId,
    score,
    meanScore,
    members,
    bestCandidate,
    get reasons() {
      return best.reasons;
    },
  }));
  const best = ranked[0];
  if (!best || best.score < threshold) {
    return { clusterId: null, score: best?.score ?? 0, reasons: best?.reasons ?? [], ranked };
  }
  return { clusterId: best.clusterId, score: best.score, reasons: best.reasons, ranked };
}
