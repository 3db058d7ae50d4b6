import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

// `vite build` makes the browser's files (dist); `vite build --ssr src/entry-server.tsx` the
// module the server draws public pages with (dist-ssr, never served).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip twins of every text asset, served by the API server without compressing per request.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|css|html|svg|json|txt)$/,
        threshold: 512,
      }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/healthz': apiTarget, '/readyz': apiTarget },
  },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // Rolldown's note that plugins took most of the build (the compression twins, on two
      // cores) says nothing to act on; it only buries the build's own output.
      checks: { bundlerTimings: false },
    },
  },
}));
