#!/usr/bin/env bash
# The measurements of issue 14 (docs/benchmarks.md, "Priced days stored"), one after the other, on a quiet
# machine, after setup.ts and scale.ts: 1,000 and 10,000 accounts, caches off and on, Monday morning, and
# the import rate; each log in $OUT. Usage: BEFORE=path/to/old/apps/server/src/main.ts bash bench/usage/before-after.sh
set -u
cd "$(dirname "$0")/../.."
B=${OUT:-bench/.data/before-after}; mkdir -p "$B"
# The server to compare with: a worktree of an older commit (git worktree add --detach ../before <commit>).
BEFORE=${BEFORE:?set BEFORE to the older server entry, e.g. ../before/apps/server/src/main.ts}
R="node --import tsx bench/usage/run.ts --duration 10 --warmup 0 --cold-pass false"
S=health,usage-random,usage-current
log() { echo "$(date +%T) $*" >> $B/all.progress; }
log start; uptime >> $B/all.progress
$R --runs 3 --scenarios $S --server-env USAGE_CACHE_MB=0 --label "1,000 accounts, after, caches off" > $B/a1000-off.log 2>&1; log a1000-off
$R --runs 3 --scenarios $S --label "1,000 accounts, after, caches on" > $B/a1000-on.log 2>&1; log a1000-on
$R --runs 3 --scenarios $S --server $BEFORE --label "1,000 accounts, before (72a86ca), its caches on" > $B/b1000.log 2>&1; log b1000
node --import tsx bench/usage/new-week.ts > $B/newweek-1.log 2>&1; log newweek-1
$R --runs 1 --scenarios health,usage-each-current --label "Monday morning, 1,000 accounts, after" > $B/mon-after.log 2>&1; log mon-after
node --import tsx bench/usage/new-week.ts > $B/newweek-2.log 2>&1; log newweek-2
$R --runs 1 --scenarios health,usage-each-current --server $BEFORE --label "Monday morning, 1,000 accounts, before (72a86ca)" > $B/mon-before.log 2>&1; log mon-before
$R --accounts 10000 --runs 3 --scenarios $S --server-env USAGE_CACHE_MB=0 --label "10,000 accounts, after, caches off" > $B/a10k-off.log 2>&1; log a10k-off
$R --accounts 10000 --runs 3 --scenarios $S --label "10,000 accounts, after, caches on" > $B/a10k-on.log 2>&1; log a10k-on
$R --accounts 10000 --runs 3 --scenarios $S --server $BEFORE --label "10,000 accounts, before (72a86ca), its caches on" > $B/b10k.log 2>&1; log b10k
node --import tsx bench/nem12/run.ts --tasks import-postgres,import-postgres-priced --runs 3 > $B/nem12.log 2>&1; log nem12
uptime >> $B/all.progress; log done
