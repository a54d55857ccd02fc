#!/usr/bin/env bash
# flake.sh N [TEST-CLASSES [MAVEN-ARGS...]]: runs the test suite (or only the named classes, comma-separated as
# surefire's -Dtest takes them) N times, each on a fresh clone of this repository's HEAD, and prints every failure of
# every run. MAVEN-ARGS go to every run: -Pslow to include the tests tagged slow (the soaks).
# Races are the lab's subject, not its tests': a test that fails once in N runs has a race of its own, and this is
# how to find it. Run it with the machine busy (e.g. `stress --cpu 2` beside it) to see what a loaded laptop sees.
#
#   lab/bench/flake.sh 5 'RedisTrapsTest,FencedLockTest,ModesAcrossProcessesTest'
#   lab/bench/flake.sh 5 'FencedSoakTest,IdempotentSoakTest' -Pslow
#   lab/bench/flake.sh 1                      # the whole suite, verify included
set -euo pipefail

if [ "$#" -lt 1 ] || ! [[ "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: lab/bench/flake.sh N [TEST-CLASSES] (N: how many runs, a whole number from 1)" >&2
  exit 2
fi
runs="$1"
classes="${2:-}"
extra=("${@:3}")
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/schedlock-flake-XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -n "$classes" ]; then
  # Only the named classes, surefire's and failsafe's alike; an IT name goes to failsafe.
  # Each name to its own runner: an IT to failsafe (after the package it needs), any other class to surefire only;
  # given to both, a class runs twice, and failsafe runs it without the settings surefire gives it (lab.home).
  tests=$(tr ',' '\n' <<<"$classes" | grep -v 'IT$' | paste -sd, - || true)
  its=$(tr ',' '\n' <<<"$classes" | grep 'IT$' | paste -sd, - || true)
  # The container image is not among the named classes' needs: its jlink would only cost each run a minute.
  goal=(verify "-Dtest=${tests:-none}" "-Dit.test=${its:-none}" -Dsurefire.failIfNoSpecifiedTests=false
    -Dfailsafe.failIfNoSpecifiedTests=false -Dspotless.check.skip=true -Dlab.image.skip=true)
else
  goal=(verify)
fi

failed_runs=0
for i in $(seq 1 "$runs"); do
  clone="$work/run-$i"
  git clone -q "$repo" "$clone"
  start=$(date +%s)
  if (cd "$clone" && mvn -B "${goal[@]}" "${extra[@]}" >"$work/run-$i.log" 2>&1); then
    echo "run $i of $runs: pass ($(($(date +%s) - start)) s)"
  else
    failed_runs=$((failed_runs + 1))
    echo "run $i of $runs: FAIL ($(($(date +%s) - start)) s)"
    # Each failing test with its first lines: what failed and why, as surefire and failsafe wrote it.
    grep -hE '^\[ERROR\] +[A-Za-z].*(:[0-9]+|<<< (FAILURE|ERROR)!)' "$work/run-$i.log" | sed 's/^/  /' | sort -u || true
    grep -h -A3 '<<< FAILURE!\|<<< ERROR!' "$clone"/lab/target/*-reports/*.txt 2>/dev/null | sed 's/^/    /' | head -40 || true
  fi
  rm -rf "$clone"
done
echo "$failed_runs of $runs runs failed${classes:+ ($classes)}"
[ "$failed_runs" -eq 0 ]
