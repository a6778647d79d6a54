/**
 * What another local user could reach in a folder the portal writes (docs/access.md, "Files on the server"):
 * every folder must be 0700 and no file may carry a bit for the group or others.
 */
import fs from 'node:fs';
import path from 'node:path';

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/**
 * The entries of `dir` (itself included) another user could read, write or enter, as "path mode" lines: an
 * empty list when the folder is private. Symbolic links are not followed (their own mode means nothing).
 */
export function sharedEntries(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = fs.lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    const shown = `${path.relative(dir, entry) || '.'} ${octal(stats.mode)}`;
    if (stats.isDirectory()) {
      if ((stats.mode & 0o777) !== 0o700) found.push(shown);
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    } else if ((stats.mode & 0o077) !== 0) found.push(shown);
  };
  visit(dir);
  return found;
}

/** Every entry of `dir` counted, so that a test can show it looked at something. */
export function countEntries(dir: string): number {
  let count = 0;
  const visit = (entry: string) => {
    count += 1;
    const stats = fs.lstatSync(entry);
    if (stats.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return count;
}

/** Makes every folder 0777 and every file 0666 under `dir`, as an older portal (or PGlite) left them. */
export function loosen(dir: string): void {
  const visit = (entry: string) => {
    const stats = fs.lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    fs.chmodSync(entry, stats.isDirectory() ? 0o777 : 0o666);
    if (stats.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
}

export const modeOf = (file: string) => fs.lstatSync(file).mode & 0o777;
