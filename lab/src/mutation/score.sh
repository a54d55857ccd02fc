#!/usr/bin/env bash
# The mutation score per package, from PIT's mutations.csv (file, class, mutator, method, line, status, test):
# caught is KILLED, TIMED_OUT (the mutant looped), MEMORY_ERROR or RUN_ERROR; what no test caught is SURVIVED or
# NO_COVERAGE. Arguments after the file: package=percent goals; a package under its goal fails the build, naming it.
set -euo pipefail
csv=$1
shift
[ -s "$csv" ] || { echo "mutation score: no $csv (did PIT run?)" >&2; exit 1; }
[ "$*" != none ] || set --
awk -F, -v goals="$*" '
  {
    pkg = $2; sub(/\.[^.]*$/, "", pkg)
    total[pkg]++
    if ($6 == "KILLED" || $6 == "TIMED_OUT" || $6 == "MEMORY_ERROR" || $6 == "RUN_ERROR") caught[pkg]++
    else if ($6 == "SURVIVED") survived[pkg]++
    else uncovered[pkg]++
  }
  END {
    n = split(goals, list, " ")
    for (i = 1; i <= n; i++) { split(list[i], kv, "="); goal[kv[1]] = kv[2] }
    printf "mutation score per package (caught of all mutants; survivors not caught by any test, no coverage: never run):\n"
    failed = 0
    cmd = "sort"
    for (p in total) {
      pct = 100 * caught[p] / total[p]
      mark = ""
      if (p in goal) mark = pct >= goal[p] ? sprintf("goal %d %%: met", goal[p]) : sprintf("goal %d %%: NOT MET", goal[p])
      if (p in goal && pct < goal[p]) failed = 1
      printf "  %-14s %5.1f %%  %4d of %4d caught, %3d survived, %3d no coverage  %s\n", \
        p, pct, caught[p], total[p], survived[p], uncovered[p], mark | cmd
    }
    close(cmd)
    for (p in goal) if (!(p in total)) { printf "  %s: no mutant at all (goal %d %%)\n", p, goal[p]; failed = 1 }
    exit failed
  }' "$csv" || { echo "mutation score: a package is under its goal (above)" >&2; exit 1; }
