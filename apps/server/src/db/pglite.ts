/**
 * Every embedded database is opened here, with the extensions the migrations use (btree_gist: the exclusion
 * constraint of supply periods, decision 0034). A data directory made with an extension must be opened with it.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

const extensions = { btree_gist };

/** Opens PGlite in `dataDir` (in memory without one), as `PGlite.create` does, with the portal's extensions. */
export function createPglite(
  dataDir?: string,
  options: Omit<PGliteOptions, 'extensions'> = {},
): Promise<PGlite> {
  return dataDir === undefined
    ? PGlite.create({ ...options, extensions })
    : PGlite.create(dataDir, { ...options, extensions });
}
