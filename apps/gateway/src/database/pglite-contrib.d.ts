// PGlite's contrib extensions are exported under `contrib/*` (package.json "exports"), which
// the gateway's node10 module resolution does not read; their type, as the package declares it.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  import type { Extension } from '@electric-sql/pglite';

  export const pg_trgm: Extension;
}
