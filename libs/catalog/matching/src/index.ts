export {
  foldText,
  normaliseModel,
  normalisePartNumber,
  normaliseBrand,
  brandAliasSpellings,
  normaliseGtin,
  hasValidGtinCheckDigit,
  tokenizeTitle,
  compactTitle,
  STOP_WORDS,
  MARKETING_WORDS,
  isStorageSize,
} from './lib/normalise';
export {
  extractQuantities,
  multipackCounts,
  quantitiesByKind,
  extractColours,
  colourNames,
  colourNamesApart,
  cutColourCompletions,
  extractModelCandidates,
  extractLineNumbers,
  type Quantity,
  type QuantityKind,
} from './lib/extract';
export {
  buildIdfStats,
  buildBrandIndex,
  idfStatsToJson,
  idfStatsFromJson,
  charTrigrams,
  wordVector,
  trigramVector,
  trigramCode,
  cosine,
  packedCosine,
  jaccard,
  type IdfStats,
  type IdfStatsJson,
  type SparseVector,
  type PackedVector,
} from './lib/tfidf';
export type { ItemIdentity } from './lib/item';
export { prepareOffer, isPreparedOffer, editionOf, readsAsAccessory, type PreparedOffer } from './lib/prepare';
export { withoutWhatComesWith } from './lib/comes-with';
export {
  FEATURE_NAMES,
  NON_POSITIVE_FEATURES,
  PLAUSIBLE_PRICE_RATIO,
  pairEvidence,
  featureVector,
  type FeatureName,
  type PairFeatures,
  type PairEvidence,
  type QuantityConflict,
} from './lib/features';
export {
  getDefaultModel,
  getWordsModel,
  onThresholdScale,
  modelFromJson,
  modelToJson,
  modelScore,
  type MatcherModel,
  type LinearModel,
  type TreeModel,
  type MatcherModelJson,
  type LinearModelJson,
  type TreeModelJson,
} from './lib/model';
export {
  scorePair,
  applyRules,
  toPrepared,
  GTIN_MATCH_FLOOR,
  GTIN_PRICE_RATIO,
  gtinContradictions,
  gtinDecides,
  GTIN_MISMATCH_CAP,
  QUANTITY_CONFLICT_CAP,
  PRICE_IMPLAUSIBLE_FACTOR,
  type PairScore,
  type MatchReason,
  type ReasonCode,
  type ScoreOptions,
} from './lib/score';
export {
  assignCluster,
  type ClusterCandidate,
  type ClusterScore,
  type AssignClusterOptions,
  type ClusterAssignment,
} from './lib/cluster';
export { parseCsv, parseCsvRecords } from './lib/csv';
export { joinedModelSpans, VARIANT_EDITIONS, clusterEvidence, identifiersConflict, statesPartNumberOf, statedModels, codesHeldBy, restoreDecimals, variantsOf, type ModelSpan, type ClusterEvidence, type ClusterEvidenceOptions, type VariantKind } from './lib/words';
export { cleanTitle, representativeTitle, productName, type TitledOffer, type NamedOffer } from './lib/title';
export { productSpecs, productAttributes, type Spec, type SpecOffer, type SpecProduct } from './lib/specs';
export {
  pairTerms,
  pairWordScore,
  termsScore,
  wordShape,
  getPairWordModel,
  setPairWordModel,
  pairWordModelFromJson,
  type PairWordModel,
  type PairWordModelJson,
} from './lib/pair-words';
export {
  dot,
  embeddingCosine,
  embeddingFeatures,
  type EmbeddingModel,
  type EmbeddingModelJson,
  embeddingModelFromJson,
  embeddingModelToJson,
  getEmbeddingModel,
  offerEmbedding,
  setEmbeddingModel,
} from './lib/embedding';
