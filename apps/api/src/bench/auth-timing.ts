/**
 * Answer times of registration and reset requests for an address that has an account and one that has none
 * (medians of alternating runs through app.inject on a temporary database). An account's existence must not show
 * in them. Run: npm run bench:auth [-- runs]
 */
import { performance } from 'node:perf_hooks';
import { registerBusiness } from '../testing/http';
import { buildTestApp } from '../testing/test-app';
import { present } from '@pricehunt/contracts';

const runs = Number(process.argv[2] ?? 15);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main() {
  const t = await buildTestApp();
  try {
    await registerBusiness(t.app, 'taken@shop.example');
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { origin: 'http://localhost:4300' }, payload });
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      const ms = performance.now() - started;
      // Let the work after the answer (emails) finish before the next request.
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      return ms;
    };
    const results: Record<string, number[]> = { 'register, taken email': [], 'register, new email': [], 'reset, known email': [], 'reset, unknown email': [] };
    for (let i = 0; i < runs; i++) {
      present(results['register, taken email']).push(await time(() => post('/api/business/auth/register', { email: 'taken@shop.example', password: 'timing-pass-word-1' })));
      present(results['register, new email']).push(await time(() => post('/api/business/auth/register', { email: `new-${i}@shop.example`, password: 'timing-pass-word-1' })));
      // Which one goes first alternates, so that neither always follows a registration.
      const known = () => time(() => post('/api/business/auth/password-reset/request', { email: 'taken@shop.example' }));
      const unknown = () => time(() => post('/api/business/auth/password-reset/request', { email: `nobody-${i}@shop.example` }));
      if (i % 2) {
        present(results['reset, known email']).push(await known());
        present(results['reset, unknown email']).push(await unknown());
      } else {
        present(results['reset, unknown email']).push(await unknown());
        present(results['reset, known email']).push(await known());
      }
    }
    for (const [name, values] of Object.entries(results)) console.log(`${name.padEnd(22)} median ${median(values).toFixed(2)} ms over ${values.length}`);
  } finally {
    await t.close();
  }
}

void main();
