/** The configuration every server test starts from (no web build, silent logs). */
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/config.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A test spanning AEST midnight must not have every test app roll over the demo accounts' weeks.
    TRACKER_ROLLOVER: 'false',
    DATA_DIR: path.join(os.tmpdir(), 'portal-test-unused'),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'portal-test-no-web'),
    ...env,
  });
}
