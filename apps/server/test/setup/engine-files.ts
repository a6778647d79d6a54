/**
 * The API test files that run on the embedded engine (PGlite) as well when the run has PostgreSQL
 * (TEST_DATABASE_URL; decision 0059). Every API file runs on PostgreSQL, where production runs and concurrency is
 * real; without PostgreSQL every file runs on PGlite. These are the files whose subject the embedded engine does
 * its own way, each with the reason. vitest.config.ts reads this list; test/unit/engine-files.test.ts checks
 * that each file exists, so a renamed file cannot drop out of the PGlite run unseen.
 */
export const filesOnBothEngines: Readonly<Record<string, string>> = {
  'backup-restore': 'the embedded database is backed up as a dump of PGlite and restored from one',
  'commands-beside-server': 'an operator command is handed to the server that holds the embedded database',
  'demo-in-production': 'a production start on the embedded database restores the demo from a PGlite dump',
  'meter-data': 'NEM12 imports write many rows at once through each driver',
  'offer-history-concurrency':
    "PGlite's clock moves in whole milliseconds: changes in one instant stay ordered",
  'priced-days': 'pricing writes and reads its days through each driver',
  'private-files': "PGlite's data directory is made readable by its owner only",
  'rows-by-columns': 'one parameter per column, as each driver sends and parses it',
  'schema-bounds': 'the bounds each engine accepts (PGlite is another PostgreSQL version than the server)',
  'supply-periods': 'the exclusion constraint needs btree_gist, loaded as a PGlite extension',
  usage: "the Tracker's main read, with its statements prepared on the embedded engine (decision 0055)",
  'usage-answers': 'the stored answer is byte for byte the answer built from scratch, on each driver',
};
