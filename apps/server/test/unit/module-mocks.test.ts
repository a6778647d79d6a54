/**
 * Every server test file that mocks a module runs on its own (test/setup/module-mocks.ts): among the files that
 * share a worker (isolate: false, vitest.config.ts), the mock would not replace a module another file had already
 * imported, and the file would test the real one by accident. Only API files have such a project (api:mocks).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFilesWithModuleMocks } from '../setup/module-mocks.ts';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** The server's test files in these folders that mock a module. */
function mockingFiles(folders: string[]): string[] {
  return folders
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(serverRoot, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts'))
        .map((file) => `${folder}/${file}`),
    )
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(serverRoot, file), 'utf8')))
    .sort();
}

describe('the server test files that mock a module', () => {
  it('are, among the API files, exactly the ones listed to run on their own', () => {
    expect(mockingFiles(['test/api', 'test/fuzz'])).toEqual([...apiFilesWithModuleMocks].sort());
  });

  it('are none among the unit and process files, which have no project of their own for it', () => {
    expect(mockingFiles(['test/unit', 'test/process'])).toEqual([]);
  });
});
