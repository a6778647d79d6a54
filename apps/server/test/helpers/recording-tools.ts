/**
 * Stand-ins for the PostgreSQL client tools (pg_dump, pg_restore) put first on PATH: each records the
 * arguments it was given and the PGPASSWORD it saw, then runs the real tool, or fails without a word (what a
 * tool killed or out of memory does). What `ps` would have shown any local user is then in the record.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ToolRun {
  tool: string;
  argv: string[];
  /** PGPASSWORD in the tool's environment, or null when unset or empty. */
  password: string | null;
}

/** The real tool's path, from PATH. */
function realTool(tool: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, tool);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`${tool} is not on PATH`);
}

/**
 * Writes the stand-ins into `dir` and puts it first on PATH until `restore` is called; `runs` reads what they
 * recorded so far.
 */
export function recordingTools(
  dir: string,
  tools: ('pg_dump' | 'pg_restore')[],
  behaviour: 'run-the-real-tool' | 'fail-silently',
) {
  fs.mkdirSync(dir, { recursive: true });
  const record = path.join(dir, 'runs.txt');
  fs.writeFileSync(record, '');
  for (const tool of tools) {
    const then = behaviour === 'fail-silently' ? 'exit 1' : `exec '${realTool(tool)}' "$@"`;
    const script = [
      '#!/bin/sh',
      `{ echo 'tool ${tool}'`,
      '  if [ -n "$PGPASSWORD" ]; then printf "password %s\\n" "$PGPASSWORD"; fi',
      `  for arg in "$@"; do printf "arg %s\\n" "$arg"; done; } >> '${record}'`,
      then,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(dir, tool), script, { mode: 0o755 });
  }
  const savedPath = process.env.PATH;
  process.env.PATH = `${dir}${path.delimiter}${savedPath ?? ''}`;
  return {
    runs(): ToolRun[] {
      const runs: ToolRun[] = [];
      for (const line of fs.readFileSync(record, 'utf8').split('\n')) {
        const [word, ...rest] = line.split(' ');
        const value = rest.join(' ');
        if (word === 'tool') runs.push({ tool: value, argv: [], password: null });
        const run = runs.at(-1);
        if (word === 'password' && run) run.password = value;
        if (word === 'arg' && run) run.argv.push(value);
      }
      return runs;
    },
    restore() {
      process.env.PATH = savedPath;
    },
  };
}
