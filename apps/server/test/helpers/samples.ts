/**
 * The AEMO NEM12 sample files (from the MIT-licensed nem-reader project; see fixtures/nem12/README.md),
 * the repository's copies of the public AEMO-format examples (test/fixtures/nem12).
 */
import path from 'node:path';

export const NEM12_SAMPLES = path.resolve(import.meta.dirname, '../fixtures/nem12');
