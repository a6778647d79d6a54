/**
 * The repository stands alone (docs/architecture.md): every link in its Markdown and every `docs/….md#anchor`
 * that a code comment cites leads somewhere: the file exists and, with an anchor, has a heading of that slug
 * (GitHub's, by github-slugger).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Files git tracks (and new ones it does not ignore), by extension. */
function repositoryFiles(...extensions: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => extensions.some((extension) => file.endsWith(extension)))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

/** Markdown without its fenced code blocks and inline code, where a link is text, not a link. */
const prose = (markdown: string) => markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');

const slugCache = new Map<string, Set<string>>();
/** The anchors of a Markdown file's headings, numbered on repeats as GitHub does. */
function anchorsOf(file: string): Set<string> {
  const cached = slugCache.get(file);
  if (cached) return cached;
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const text = fs.readFileSync(file, 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  for (const [, heading = ''] of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    // GitHub slugs the heading's text: code spans keep their content, links keep their text.
    const plain = heading.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    anchors.add(slugger.slug(plain));
  }
  slugCache.set(file, anchors);
  return anchors;
}

/** What is wrong with a link to `target` from `fromFile`, or null when it leads somewhere. */
export function brokenLink(fromFile: string, target: string): string | null {
  const [pathPart = '', anchor] = target.split('#');
  const file = pathPart === '' ? fromFile : path.resolve(path.dirname(fromFile), decodeURI(pathPart));
  if (!fs.existsSync(file)) return `no file ${path.relative(root, file)}`;
  if (anchor === undefined || anchor === '' || !file.endsWith('.md')) return null;
  return anchorsOf(file).has(anchor) ? null : `no heading #${anchor} in ${path.relative(root, file)}`;
}

/** Every relative link of a Markdown text: inline links and reference definitions. */
export function markdownLinks(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    (m) => m[1] ?? '',
  );
  return [...inline, ...references].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('links in the repository', () => {
  it('finds a broken link and a missing anchor (the check can fail)', () => {
    const from = path.join(root, 'README.md');
    // Built from parts, so that the scan of code comments below does not find them.
    const docs = (page: string) => ['docs', page].join('/');
    expect(brokenLink(from, docs('no-such-page.md'))).toBe(`no file ${docs('no-such-page.md')}`);
    expect(brokenLink(from, `${docs('testing.md')}#no-such-heading`)).toBe(
      `no heading #no-such-heading in ${docs('testing.md')}`,
    );
    expect(brokenLink(from, `${docs('benchmarks.md')}#the-test-suite-npm-test`)).toBeNull();
    expect(markdownLinks('[a](x.md#y) `[b](not-a-link.md)` [c](https://example.com)\n[d]: ./z.md\n')).toEqual(
      ['x.md#y', './z.md'],
    );
  });

  it('every Markdown link leads to a file and a heading that exist', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of repositoryFiles('.md')) {
      const absolute = path.join(root, file);
      for (const target of markdownLinks(fs.readFileSync(absolute, 'utf8'))) {
        checked++;
        const problem = brokenLink(absolute, target);
        if (problem) broken.push(`${file}: (${target}) ${problem}`);
      }
    }
    expect(broken).toEqual([]);
    // The docs link to each other hundreds of times: a scan that finds few has stopped reading them.
    expect(checked).toBeGreaterThan(300);
  });

  it('every docs/….md a code comment cites exists, with its heading', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of repositoryFiles('.ts', '.tsx', '.mjs', '.cjs', '.js', '.sh', '.sql')) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [target = ''] of text.matchAll(/\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g)) {
        checked++;
        const problem = brokenLink(path.join(root, 'README.md'), target);
        if (problem) broken.push(`${file}: ${target}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});
