import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { healthRoutes } from './modules/health/routes';
import { catalogPlugin } from './modules/catalog/plugin';
import { catalogRoutes } from './modules/catalog/routes';
import { searchRoutes } from './modules/search/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export interface AppOptions {
  config: AppConfig;
}

/**
 * The whole API as one plugin. Layers: infrastructure → app services → routes per domain.
 * `server.ts` registers it on a listening instance; tests register it on an instance without a port.
 */
export const app = fp(
  async (instance: FastifyInstance, { config }: AppOptions) => {
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    instance.decorate('config', config);

    // Infrastructure
    await instance.register(errorHandlerPlugin);

    // App services
    await instance.register(dbPlugin, { databasePath: config.databasePath });
    await instance.register(catalogPlugin);

    // Routes
    await instance.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(catalogRoutes);
        await api.register(searchRoutes);
      },
      { prefix: '/api' },
    );
  },
  { name: 'pricehunt-api' },
);
