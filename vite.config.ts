import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', sourcemap: false },
  server: {
    proxy: {
      '/auth/token': apiTarget,
      '/auth/revoke': apiTarget,
      '/project_auth': apiTarget,
      '/surgery/': apiTarget,
      '/openapi.json': apiTarget,
      '/health': apiTarget,
    },
  },
});
