/**
 * The API files that also run on PGlite when the run has PostgreSQL (test/setup/engine-files.ts, decision 0059)
 * exist: a renamed or removed file would otherwise drop out of the PGlite run without a word.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesOnBothEngines } from '../setup/engine-files.ts';

const apiFolder = path.resolve(import.meta.dirname, '../api');

describe('the API files run on both engines', () => {
  it('names only files that exist, each with its reason', () => {
    const files = Object.keys(filesOnBothEngines);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(fs.existsSync(path.join(apiFolder, `${file}.test.ts`)), file).toBe(true);
      expect(filesOnBothEngines[file]?.length, file).toBeGreaterThan(20);
    }
  });
});
