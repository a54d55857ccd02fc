#!/usr/bin/env bash
# Scheduler Lock Lab: builds once when needed, then starts the launcher with every argument passed through.
# It stays the launcher's parent (no exec) so that, however the launcher ends — kill -9 included — it can
# put the terminal back and remove the session's temp folder.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jar="$here/lab/target/lab.jar"

needs_build() {
  [ ! -f "$jar" ] && return 0
  [ -n "$(find "$here/lab/src/main" "$here/lab/pom.xml" "$here/pom.xml" -newer "$jar" -print -quit)" ]
}

if needs_build; then
  echo "building the lab (once; tests skipped) ..." >&2
  log="$(mktemp "${TMPDIR:-/tmp}/schedlock-build.XXXXXX.log")"
  if ! (cd "$here" && mvn -B -q -DskipTests package >"$log" 2>&1); then
    echo "error: the build failed; its log: $log" >&2
    exit 1
  fi
  rm -f "$log" # kept only when it explains a failure
fi

# Session folders of runs that were killed (kill -9 of run.sh itself) are removed by the next run.
for stale in "${TMPDIR:-/tmp}"/schedlock-[0-9]*-*; do
  [ -d "$stale" ] || continue
  pid="${stale##*/schedlock-}"
  pid="${pid%%-*}"
  [ -d "/proc/$pid" ] || rm -rf "$stale"
done
# Named like the launcher's own session folders (schedlock-<pid>-…), so a later sweep removes it even if
# run.sh itself is killed.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/schedlock-$$-XXXXXX")"
tty_state=""
if [ -t 0 ]; then tty_state="$(stty -g 2>/dev/null || true)"; fi

code=1
cleanup() {
  if [ -n "$tty_state" ]; then
    stty "$tty_state" 2>/dev/null || true
    # A launcher killed by a signal (exit code above 128) could not leave its full-screen UI: leave the alternate
    # screen, show the cursor, reset colours. After a normal exit the launcher did that itself, and doing it twice
    # would move the cursor back over what it printed since.
    if [ "$code" -gt 128 ]; then
      printf '\033[?1049l\033[?25h\033[0m' 2>/dev/null || true
    fi
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
# Ctrl-C reaches the launcher too (same process group); run.sh waits for it to finish its own cleanup.
trap ':' INT

# The launcher waits most of the time (a screen, the table it follows, the workers' lines): a heap that starts small
# and grows as used, and the quick compiler only, keep it under 100 MB with the dashboard open (`./run.sh bench`
# measures it). LAB_JAVA_OPTS replaces these flags (LAB_WORKER_JAVA_OPTS adds to the workers' own).
read -r -a launcher_opts <<<"${LAB_JAVA_OPTS:--XX:+UseSerialGC -Xms16m -Xmx512m -XX:TieredStopAtLevel=1 -Xss512k}"

set +e
java "${launcher_opts[@]}" -Djava.io.tmpdir="$tmp" -Dlab.home="$here" -jar "$jar" "$@"
code=$?
set -e
exit "$code"
