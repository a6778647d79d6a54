/**
 * The embedded default under load (issue 31): `/api/health` beside the usage answer of a demo account's this
 * week or one of the five before it, as a browser asks (Accept-Encoding), 32 connections, 10 s a run, a warm-up
 * run, then 3 runs. Prints one JSON object. Started by embedded.sh, which starts the server.
 *   node bench/usage/embedded-load.mjs http://127.0.0.1:PORT
 */
import autocannon from 'autocannon';

const base = process.argv[2];
const DAY = 24 * 3600e3;
const today = new Date(Date.now() + 10 * 3600e3);
const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
monday.setTime(monday.getTime() - ((monday.getUTCDay() + 6) % 7) * DAY);
const weekBack = (k) => new Date(monday.getTime() - 7 * k * DAY).toISOString().slice(0, 10);
const ids = ['demo-home', 'demo-solar', 'demo-business', 'demo-happy'];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const paths = {
  health: () => '/api/health',
  'usage-recent': () =>
    `/api/tracker/usage?account_id=${pick(ids)}&from=${weekBack(Math.floor(Math.random() * 6))}`,
};
const run = (name) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: 32,
        duration: 10,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[name]() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
for (const name of Object.keys(paths)) await run(name);
const results = {};
for (let i = 0; i < 3; i++) {
  for (const name of Object.keys(paths)) {
    const result = await run(name);
    results[name] ??= [];
    results[name].push({
      rps: result.requests.average,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    });
  }
}
process.stdout.write(`${JSON.stringify(results)}\n`);
