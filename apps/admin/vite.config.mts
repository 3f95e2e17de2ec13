import { defineConfig } from 'vite';
import { createAppConfig } from '../../tools/vite/app-config.mts';

export default defineConfig(createAppConfig({ project: 'admin', port: 4400, shell: { title: 'PriceHunt admin' } }));
