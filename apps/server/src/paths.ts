import path from 'node:path';

/**
 * The server package's folder (`apps/server`). This module sits one level below it both as source
 * (`src/paths.ts`, run by tsx in development and tests) and bundled (`dist/server.js`, which
 * `npm run build` makes), so one relative step finds it either way.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
/** The repository (the workspace root). */
export const repoRoot = path.resolve(serverRoot, '../..');
/** The SQL migrations, applied at start. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The demo apartments' artwork. */
export const artworkDir = path.join(serverRoot, 'assets/apartments');
