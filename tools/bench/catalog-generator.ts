/**
 * `npm run bench:generator [-- <offers> <seed>]`: how fast the synthetic catalog generator streams offers.
 * Reports wall-clock and CPU-time rates (on a shared machine the CPU figure is the steadier one) and the
 * memory in use at the end, which must stay flat however many offers are drawn.
 */
import { createProgressBar, generateCatalog } from '../../libs/catalog/feeds/src/index';
import { saveRows } from './report';

const offers = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? 1);
const target = 100_000;

const cpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

const bar = createProgressBar({ total: offers, label: 'generate', unit: 'offers' });
const cpuStart = cpuSeconds();
const start = process.hrtime.bigint();
let count = 0;
let checksum = 0;
for (const offer of generateCatalog({ offers, seed })) {
  count++;
  checksum = (checksum + offer.priceCents + offer.title.length) % 1_000_000_007;
  if (count % 10_000 === 0) bar.update(count);
}
bar.update(count);
bar.done();
const wall = Number(process.hrtime.bigint() - start) / 1e9;
const cpu = cpuSeconds() - cpuStart;
const wallRate = Math.round(count / wall);
const cpuRate = Math.round(count / cpu);
const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);

saveRows('generator', [
  { bench: 'generator', metric: `offers/s wall (${count.toLocaleString('en-US')} offers)`, value: wallRate.toLocaleString('en-US'), target: `> ${target.toLocaleString('en-US')}`, pass: wallRate > target },
  { bench: 'generator', metric: 'offers per CPU-second', value: cpuRate.toLocaleString('en-US'), target: `> ${target.toLocaleString('en-US')}`, pass: cpuRate > target },
  { bench: 'generator', metric: 'heap after run (MB)', value: String(heapMb) },
]);
console.log(`${count} offers (seed ${seed}, checksum ${checksum}): ${wall.toFixed(2)} s wall = ${wallRate} offers/s; ${cpu.toFixed(2)} s CPU = ${cpuRate} offers/CPU-s; heap ${heapMb} MB`);
