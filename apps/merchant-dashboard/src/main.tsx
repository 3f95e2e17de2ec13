import { mountApp } from '@pricehunt/ui';
import { App } from './app/app';

mountApp(<App />);
