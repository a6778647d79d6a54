/** The web test files that mock a module, each in a worker of its own (src/test/module-mocks.ts). */
import { webTestConfig } from './vitest.config.ts';

export default webTestConfig(true);
