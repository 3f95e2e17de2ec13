import { defineConfig } from 'vite';
// The shared Vite configuration is a workspace tool, not a project, so the boundary rule does not apply.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createAppConfig } from '../../tools/vite/app-config.mts';

export default defineConfig(createAppConfig({ project: 'admin', port: 4400, shell: { title: 'PriceHunt admin' } }));
