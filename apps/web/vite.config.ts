import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import subsetFont from 'subset-font';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

/** The typefaces' Latin files: what almost every page of ours is set in. */
const LATIN_FONTS = /\/(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * The Latin files, cut to the weights the pages use. Fontsource's files carry the whole weight
 * axis (100–900); ours set text at 400–700 in Inter and at 600 in Fraunces (every heading and the
 * brand are semibold), so the preloaded pair that shares a phone's first second with the page's
 * photo falls from 85 KB to 49 KB. Every character of the face's range is kept, and the glyphs
 * its features reach (tabular figures among them), so no character falls to another file. Only
 * the production build uses them; `vite` serves Fontsource's files as they are.
 */
const LATIN_CUTS = [
  { family: 'inter', axes: { wght: { min: 400, max: 700 } } },
  { family: 'fraunces', axes: { wght: 600 } },
] as const;

function latinFontCuts(): Plugin {
  const require = createRequire(import.meta.url);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return {
    name: 'structomate:latin-font-cuts',
    apply: 'build',
    async config() {
      const outDir = path.join(here, 'node_modules/.cache/latin-font-cuts');
      await mkdir(outDir, { recursive: true });
      const alias = await Promise.all(
        LATIN_CUTS.map(async ({ family, axes }) => {
          const fileName = `${family}-latin-wght-normal.woff2`;
          const css = await readFile(
            require.resolve(`@fontsource-variable/${family}/wght.css`),
            'utf8',
          );
          const range = new RegExp(
            String.raw`/files/${fileName}\)[^}]*unicode-range:\s*([^;]+);`,
          ).exec(css)?.[1];
          if (!range) throw new Error(`No unicode-range for ${fileName} in Fontsource's CSS`);
          const source = await readFile(
            require.resolve(`@fontsource-variable/${family}/files/${fileName}`),
          );
          const cut = path.join(outDir, fileName);
          await writeFile(
            cut,
            await subsetFont(source, charactersOf(range), {
              targetFormat: 'woff2',
              variationAxes: axes,
            }),
          );
          return {
            find: new RegExp(`^.*/files/${fileName.replaceAll('.', String.raw`\.`)}$`),
            replacement: cut,
          };
        }),
      );
      return { resolve: { alias } };
    },
  };
}

/** Every character of a CSS `unicode-range` list ("U+0000-00FF,U+0131,…"). */
function charactersOf(unicodeRange: string): string {
  let text = '';
  for (const part of unicodeRange.split(',')) {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) {
      text += String.fromCodePoint(code);
    }
  }
  return text;
}

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
    !isSsrBuild && latinFontCuts(),
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
