import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document built from the routes' zod schemas, served with Swagger UI at /api/docs. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'PriceHunt API', version: '1.0.0', description: 'Price comparison, accounts and tracking.' },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'pricehunt.sid' } } },
      },
      transform: jsonSchemaTransform,
    });
    // Swagger UI's pages get their own CSP (the API's default-src 'none' would blank them); no
    // upgrade-insecure-requests so the docs also load over plain http on a developer machine.
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: {
        'default-src': "'self'",
        'base-uri': "'self'",
        'frame-ancestors': "'self'",
        'img-src': "'self' data:",
        'object-src': "'none'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
      },
    });
  },
  { name: 'docs' },
);
