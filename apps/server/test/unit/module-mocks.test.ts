/**
 * Every API test file that mocks a module runs on its own (test/setup/module-mocks.ts): among the files that share
 * a worker, the mock would not replace a module another file had already imported, and the file would test the
 * real one by accident.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFilesWithModuleMocks } from '../setup/module-mocks.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');

describe('the API test files that mock a module', () => {
  it('are exactly the files listed to run on their own', () => {
    const mocking = ['test/api', 'test/fuzz']
      .flatMap((folder) =>
        fs
          .readdirSync(path.join(serverRoot, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.test.ts'))
          .map((file) => `${folder}/${file}`),
      )
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')))
      .sort();
    expect(mocking).toEqual([...apiFilesWithModuleMocks].sort());
  });
});
