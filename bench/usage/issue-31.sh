#!/usr/bin/env bash
# The measurements of issue 31 (docs/benchmarks.md, "The Tracker's answers stored"), one after the other, on the
# data sets of setup.ts (1,000 accounts) and scale.ts (10,000), each scenario beside /api/health in the same run,
# every request with a browser's Accept-Encoding; each log in $OUT. The server before the issue is a worktree of
# b724a31 (git worktree add --detach ../before b724a31 && npm install there); without BEFORE only the current
# server is measured.
#   [BEFORE=../before/apps/server/src/main.ts] bash bench/usage/issue-31.sh [1000|10000|both]
set -u
cd "$(dirname "$0")/../.."
B=${OUT:-bench/.data/issue-31}; mkdir -p "$B"
BEFORE=${BEFORE:-}
WHICH=${1:-both}
R="node --import tsx bench/usage/run.ts --duration 10"
S=health,usage-recent,usage-random
MON="--runs 1 --scenarios health,usage-each-current --cold-pass false --warmup 0"
log() { echo "$(date +%T) $* $(cut -d' ' -f1-3 /proc/loadavg)" >> $B/all.progress; }
sizes() { case $WHICH in both) echo 1000 10000;; *) echo "$WHICH";; esac; }
log start
for n in $(sizes); do
  if [ "$n" != 1000 ]; then node --import tsx bench/usage/scale.ts --accounts "$n" > $B/scale-$n.log 2>&1; log scale-$n; fi
  node --import tsx bench/usage/rollover.ts --accounts "$n" > $B/rollover-$n.log 2>&1; log rollover-$n
  $R --accounts "$n" --runs 3 --scenarios $S --label "$n accounts, after" > $B/after-$n.log 2>&1; log after-$n
  [ -n "$BEFORE" ] && $R --accounts "$n" --runs 3 --scenarios $S --server "$BEFORE" --label "$n accounts, before (b724a31)" > $B/before-$n.log 2>&1; log before-$n
  node --import tsx bench/usage/new-week.ts --accounts "$n" > $B/newweek-$n-a.log 2>&1; log newweek-$n-a
  $R --accounts "$n" $MON --label "Monday morning, $n accounts, after" > $B/monday-after-$n.log 2>&1; log monday-after-$n
  [ -z "$BEFORE" ] && continue
  node --import tsx bench/usage/new-week.ts --accounts "$n" > $B/newweek-$n-b.log 2>&1; log newweek-$n-b
  $R --accounts "$n" $MON --server "$BEFORE" --label "Monday morning, $n accounts, before (b724a31)" > $B/monday-before-$n.log 2>&1; log monday-before-$n
done
bash bench/usage/embedded.sh . 3811 > $B/embedded-after.log 2>&1; log embedded-after
[ -n "$BEFORE" ] && bash bench/usage/embedded.sh "$(dirname "$BEFORE")/../../.." 3812 > $B/embedded-before.log 2>&1; log embedded-before
log done
