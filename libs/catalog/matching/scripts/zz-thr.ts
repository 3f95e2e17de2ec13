import { getDefaultModel } from '../src';
import { bestThreshold, loadDataset, prf, resolveDataDir, DATASETS } from './er-magellan';
import { featurise, modelScores } from './pair-scores';
const dir = resolveDataDir(undefined);
const model = getDefaultModel();
for (const name of DATASETS) {
  const ds = loadDataset(dir, name);
  const tr = featurise(ds, 'train'); const va = featurise(ds, 'valid');
  const st = modelScores(model, tr); const sv = modelScores(model, va);
  const bt = bestThreshold(st, tr.map((r) => r.label)); const bv = bestThreshold(sv, va.map((r) => r.label));
  const g = prf(sv, va.map((r) => r.label), model.threshold);
  const t = prf(sv, va.map((r) => r.label), bt.threshold);
  console.log(name.padEnd(22), 'global', (100 * g.f1).toFixed(1), '| train-best thr', bt.threshold.toFixed(3), 'valid F1 at it', (100 * t.f1).toFixed(1), '| valid-best', bv.threshold.toFixed(3), (100 * bv.f1).toFixed(1));
}
