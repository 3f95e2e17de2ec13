import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer';
import { createBusinessAccountsService, type BusinessAccountsService } from '../modules/business-auth/service';
import { createShopperAccountsService, type ShopperAccountsService } from '../modules/shopper-auth/service';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    businessAccounts: BusinessAccountsService;
    shopperAccounts: ShopperAccountsService;
  }
}

/** App services (plain functions over the db), decorated on the instance for the routes. */
export const accountServicesPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config, log } = app;
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log, production: config.NODE_ENV === 'production' });
    app.decorate('mailer', mailer);
    app.decorate('businessAccounts', createBusinessAccountsService({ db, log, config, mailer }));
    app.decorate('shopperAccounts', createShopperAccountsService({ db, log }));
  },
  { name: 'account-services', dependencies: ['db'] },
);
