#!/usr/bin/env node
/**
 * `npm test`'s check that no test reads the machine's clock unseen (issue 40, docs/testing.md#the-runs-clock): a
 * test bound to the real calendar passes on the day it was written and fails on another. It finds every read of
 * the real clock in the tests and their support code (`new Date()`, `Date.now()`, `performance.now()`,
 * `marketToday()`, each without an argument that fixes the time) and fails on any that the list of allowed reads
 * (scripts/clock-reads-allowed.mjs, a reason each) does not name, file by file and kind by kind, and on a listed
 * read that is no longer there. A test dates its data from the run's clock (apps/server/test/helpers/suite-clock.ts)
 * or from a fixed now.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { allowedClockReads } from './clock-reads-allowed.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Where the tests and their support code live, relative to the root. */
export const testFolders = [
  'packages/contracts/test',
  'apps/server/test',
  'apps/web/src',
  'e2e/support',
  'e2e/tests',
];

/** Whether a file under `testFolders` is test code: everything outside the web's source, and there its tests and test support. */
const isTestFile = (file) =>
  /\.(ts|tsx|mts|mjs)$/.test(file) &&
  (!file.startsWith('apps/web/src/') || /\.test\.tsx?$/.test(file) || file.startsWith('apps/web/src/test/'));

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* filesUnder(full);
    } else yield full;
  }
}

/** The kind of clock read `node` is, or undefined: a call or `new` that takes the time from the machine's clock. */
function clockReadOf(node) {
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') {
    return (node.arguments?.length ?? 0) === 0 ? 'new Date()' : undefined;
  }
  if (!ts.isCallExpression(node) || node.arguments.length > 0) return undefined;
  const callee = node.expression;
  if (ts.isIdentifier(callee) && callee.text === 'marketToday') return 'marketToday()';
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'now') {
    const target = callee.expression.getText();
    if (target === 'Date') return 'Date.now()';
    if (/^(globalThis\.)?performance\??$/.test(target) || target === 'globalThis.performance?')
      return 'performance.now()';
  }
  return undefined;
}

/** Every clock read of a source text: its kind and line. */
export function clockReadsIn(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const reads = [];
  const visit = (node) => {
    const kind = clockReadOf(node);
    if (kind) reads.push({ kind, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

/** Calls whose value is a day of the calendar or a part of one: a condition on them depends on the date. */
const DATE_CALLS = new Set([
  'marketToday',
  'suiteToday',
  'suiteNow',
  'dayOfWeek',
  'getDay',
  'getUTCDay',
  'getDate',
  'getUTCDate',
  'getMonth',
  'getUTCMonth',
  'getHours',
  'getUTCHours',
]);

/** Whether an expression reads the date: calls one of DATE_CALLS, or `new Date()`, `Date.now()`. */
function readsTheDate(node) {
  let found = false;
  const visit = (child) => {
    if (found) return;
    if (ts.isCallExpression(child)) {
      const callee = child.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : undefined;
      if (name && DATE_CALLS.has(name)) found = true;
    }
    if (clockReadOf(child)) found = true;
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Whether a statement leaves its function early: a `return` in it, outside any function nested in it. */
function returnsEarly(node) {
  if (ts.isReturnStatement(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  let found = false;
  ts.forEachChild(node, (child) => {
    if (!found && returnsEarly(child)) found = true;
  });
  return found;
}

/**
 * Every place a test skips its subject on a date (issue 44 item 2): an `if` on the date whose branch returns, and
 * `skipIf` / `runIf` on the date. On other days such a test checks what it says; on that one it checks nothing.
 */
export function dateSkipsIn(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const skips = [];
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node) => {
    if (ts.isIfStatement(node) && readsTheDate(node.expression)) {
      if (returnsEarly(node.thenStatement) || (node.elseStatement && returnsEarly(node.elseStatement))) {
        skips.push({ kind: 'returns early on a date', line: line(node) });
      }
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['skipIf', 'runIf'].includes(node.expression.name.text) &&
      node.arguments.some(readsTheDate)
    ) {
      skips.push({ kind: `${node.expression.name.text} on a date`, line: line(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return skips;
}

/** Every date skip of the test files under `folders` (relative to `base`), as one sentence each. */
export function scanDateSkips(base = root, folders = testFolders) {
  const problems = [];
  for (const { file, text } of testFilesUnder(base, folders)) {
    for (const skip of dateSkipsIn(file, text)) {
      problems.push(
        `${file}:${skip.line}: ${skip.kind}: on that day the test checks nothing; date what it checks instead (a fixed now, \`--now\`, the day before)`,
      );
    }
  }
  return problems;
}

/** The test files under `folders` (relative to `base`): their path from `base` and their text. */
function* testFilesUnder(base, folders) {
  for (const folder of folders) {
    const dir = path.join(base, folder);
    if (!fs.existsSync(dir)) continue;
    for (const full of filesUnder(dir)) {
      const file = path.relative(base, full).split(path.sep).join('/');
      if (isTestFile(file)) yield { file, text: fs.readFileSync(full, 'utf8') };
    }
  }
}

/** Every clock read of the test files under `folders` (relative to `base`), by file. */
export function scanClockReads(base = root, folders = testFolders) {
  const found = new Map();
  for (const { file, text } of testFilesUnder(base, folders)) {
    const reads = clockReadsIn(file, text);
    if (reads.length > 0) found.set(file, reads);
  }
  return found;
}

/** What differs between the reads found and the allowed list: one sentence each; empty when they agree. */
export function clockReadProblems(found, allowed = allowedClockReads) {
  const problems = [];
  const listed = new Map(allowed.map((entry) => [entry.file, entry]));
  for (const entry of allowed) {
    if (!entry.reason?.trim()) problems.push(`${entry.file}: listed without a reason`);
  }
  for (const [file, reads] of found) {
    const entry = listed.get(file);
    for (const kind of new Set(reads.map((read) => read.kind))) {
      const ofKind = reads.filter((read) => read.kind === kind);
      const allowedCount = entry?.reads[kind] ?? 0;
      if (ofKind.length > allowedCount) {
        const lines = ofKind.map((read) => read.line).join(', ');
        problems.push(
          `${file}: ${ofKind.length} × ${kind} (line ${lines}) where ${allowedCount} ${allowedCount === 1 ? 'is' : 'are'} allowed: take the time from the run's clock (suiteToday) or a fixed now, or list the read with its reason in scripts/clock-reads-allowed.mjs`,
        );
      }
    }
  }
  for (const entry of allowed) {
    const reads = found.get(entry.file) ?? [];
    for (const [kind, count] of Object.entries(entry.reads)) {
      const present = reads.filter((read) => read.kind === kind).length;
      if (present < count) {
        problems.push(
          `${entry.file}: ${count} × ${kind} listed but ${present} found: update scripts/clock-reads-allowed.mjs`,
        );
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--root <folder>`: check another tree against the same list (the check's own test plants reads in a copy).
  const rootAt = process.argv.indexOf('--root');
  const base = rootAt === -1 ? root : path.resolve(process.argv[rootAt + 1] ?? '.');
  const found = scanClockReads(base);
  const problems = [...clockReadProblems(found), ...scanDateSkips(base)];
  const total = [...found.values()].reduce((sum, reads) => sum + reads.length, 0);
  if (problems.length > 0) {
    console.error(
      `Tests that read the real clock unseen or skip their subject on a date (docs/testing.md#the-runs-clock):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.info(`${total} reads of the real clock in ${found.size} test files, each listed with its reason`);
}
