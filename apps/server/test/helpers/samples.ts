/**
 * The AEMO NEM12 sample files (from the MIT-licensed nem-reader project; see fixtures/nem12/README.md),
 * copied from shared/data/nem12 so that the tests run wherever the repository is cloned.
 */
import path from 'node:path';

export const NEM12_SAMPLES = path.resolve(import.meta.dirname, '../fixtures/nem12');
