import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/** The typefaces' Latin files: what almost every page of ours is set in. */
const LATIN_FONTS = /\/(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Text that never moves when a typeface arrives. Fontsource's stylesheets say
 * `font-display: swap`: the page is drawn in a fallback font, then drawn again, wider or
 * narrower, once the font has come, which Lighthouse counts as layout shift (0.04 on a lease
 * agreement). The built stylesheet says `optional` instead (the font is used if it is there for
 * the first paint, else the page keeps the fallback until the next one), and the page's head
 * preloads the Latin files so they are there in time.
 */
function fontsWithoutReflow(): Plugin {
  return {
    name: 'structomate:fonts-without-reflow',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && file.fileName.endsWith('.css')) {
          file.source = String(file.source).replaceAll(
            'font-display:swap',
            'font-display:optional',
          );
        }
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((name) =>
          LATIN_FONTS.test(`/${name}`),
        );
        return fonts.map((name) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            href: `/${name}`,
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// `vite build` makes the browser's files (dist); `vite build --ssr src/entry-server.tsx` the
// module the server draws public pages with (dist-ssr, never served).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild && fontsWithoutReflow(),
    // Brotli and gzip twins of every text asset, served by the API server without compressing per request.
    !isSsrBuild &&
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|css|html|svg|json|txt)$/,
        threshold: 512,
      }),
  ],
  // The server draws pages with the few icons and date functions they use, bundled, not whole
  // libraries loaded beside it (thousands of icons: about 4 MB of a server's memory).
  ssr: { noExternal: ['react-icons', 'date-fns', '@date-fns/tz'] },
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
