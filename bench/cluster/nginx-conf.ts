/**
 * Prints the nginx configuration the cluster benchmarks generate (processes.ts, nginxConfig), for a deployment
 * to start from (docs/operations.md):
 *   node --import tsx bench/cluster/nginx-conf.ts --port 8080 --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002
 *     [--prefix /var/lib/portal-nginx] [--non-idempotent]
 */
import { parseArgs } from 'node:util';
import { nginxConfig } from '../support/processes.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    upstream: { type: 'string', multiple: true, default: ['127.0.0.1:3001', '127.0.0.1:3002'] },
    prefix: { type: 'string', default: '/var/lib/portal-nginx' },
    'non-idempotent': { type: 'boolean', default: false },
  },
});
process.stdout.write(
  nginxConfig({
    port: Number(args.port),
    upstreams: args.upstream,
    prefix: args.prefix,
    nonIdempotent: args['non-idempotent'],
  }),
);
