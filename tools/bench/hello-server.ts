/**
 * The baseline of `bench:api`: a bare Fastify app with one hello-world route, on the port given as the
 * first argument. Same Fastify version as the API, no plugins, no logging.
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app.listen({ host: '127.0.0.1', port }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
