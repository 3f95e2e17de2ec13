export type { Logger } from '@pricehunt/notifications';
