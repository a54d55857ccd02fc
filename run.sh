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
  # The container image (docs/kubernetes.md) is for `mvn -B verify`: a first run need not wait for a jlink.
  if ! (cd "$here" && mvn -B -q -DskipTests -Dlab.image.skip=true package >"$log" 2>&1); then
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
    # A launcher killed by a signal the JVM cannot handle (KILL, SEGV, ABRT, ...) could not leave its full-screen UI:
    # leave the alternate screen, show the cursor, reset colours. After a normal exit, and after HUP, INT or TERM
    # (the JVM's shutdown hooks close the dashboard), the launcher did that itself, and doing it twice would move the
    # cursor back over what it printed since.
    case "$code" in
      129 | 130 | 143) ;;
      *) if [ "$code" -gt 128 ]; then printf '\033[?1049l\033[?25h\033[0m' 2>/dev/null || true; fi ;;
    esac
  fi
  if [ -n "${writing:-}" ]; then
    if [ "$code" -le 1 ] && [ -s "$writing" ] && [ -e "$tmp/archive.ok" ]; then
      mv -f "$writing" "$archive"
    else
      rm -f "$writing"
    fi
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# The launcher waits most of the time (a screen, the table it follows, the workers' lines): a heap that starts small
# and grows as used, and the quick compiler only, keep it under 100 MB with the dashboard open (`./run.sh bench`
# measures it). LAB_JAVA_OPTS replaces these flags (LAB_WORKER_JAVA_OPTS adds to the workers' own).
# The launcher's class-data archive (AppCDS), beside the jar: the classes it loads at start, mapped instead of read,
# parsed and verified from the jars (a quarter of a second of its start, on 2 cores). Named after the JVM that reads
# it (its path and its libjvm's time: a JDK replaced in place gets a new one); written by the first run after a build
# as the launcher exits, under a temporary name moved into place only when that run ran a lab (its workers all
# answered: the launcher says so in a marker file) and ended well (0 or 1); one written by --help would hold a
# handful of classes. The JVM's own lines about the archive are silenced: one it cannot use is simply not used.
archive=""
writing=""
archive_opts=()
java_bin="$(command -v java || true)"
if [ -n "$java_bin" ] && [ -w "$here/lab/target" ]; then
  java_real="$(readlink -f "$java_bin")"
  libjvm="${java_real%/bin/java}/lib/server/libjvm.so"
  jvm_id="$java_real $(stat -c %Y "$libjvm" 2>/dev/null || true)"
  archive="$here/lab/target/lab-launcher-$(printf '%s' "$jvm_id" | cksum | cut -d' ' -f1).jsa"
  for part in "$here"/lab/target/lab-launcher-*.jsa.*.tmp; do
    [ -e "$part" ] || continue
    pid="${part##*.jsa.}"
    pid="${pid%.tmp}"
    [ -d "/proc/$pid" ] || rm -f "$part" # a run killed while it wrote one
  done
  if [ -s "$archive" ] && [ "$archive" -nt "$jar" ]; then
    archive_opts=("-XX:SharedArchiveFile=$archive" "-Xlog:cds=off,cds+dynamic=off")
  else
    writing="$archive.$$.tmp"
    archive_opts=("-XX:ArchiveClassesAtExit=$writing" "-Dlab.archive.marker=$tmp/archive.ok" "-Xlog:cds=off,cds+dynamic=off")
  fi
fi

read -r -a launcher_opts <<<"${LAB_JAVA_OPTS:--XX:+UseSerialGC -Xms16m -Xmx512m -XX:TieredStopAtLevel=1 -Xss512k}"

# The launcher runs in the background of this script, not in its foreground: bash runs a trap only once its foreground
# child has ended, so a SIGTERM or SIGHUP sent to run.sh (a service manager, a closed ssh session) would kill run.sh
# alone and leave the launcher drawing on a terminal that the shell has taken back. In the background, the trap runs
# at once and hands the signal on; the launcher's shutdown hooks then close the dashboard and stop every worker and
# server. It stays in run.sh's process group, which holds the terminal, so it reads keys as before; its stdin is
# given explicitly (an async command's default is /dev/null), and INT and QUIT are reset to their defaults (an async
# command would ignore them), so that Ctrl-C still reaches a headless run and run.sh waits for it to clean up.
set +e
(
  trap - INT QUIT
  exec java "${launcher_opts[@]}" "${archive_opts[@]}" -Djava.io.tmpdir="$tmp" -Dlab.home="$here" -jar "$jar" "$@"
) <&0 &
launcher=$!
interrupted=""
trap 'interrupted=1; kill -s TERM "$launcher" 2>/dev/null' TERM
trap 'interrupted=1; kill -s HUP "$launcher" 2>/dev/null' HUP
trap 'interrupted=1' INT
first=1
while :; do
  interrupted=""
  wait "$launcher"
  status=$?
  # A signal that came just after a wait that had already returned the launcher's code: nothing left to wait for.
  if [ -z "$first" ] && [ "$status" -eq 127 ]; then break; fi
  first=""
  code=$status
  # A trapped signal ends the wait early with 128+n of its own, whether or not the launcher has ended by then: wait
  # again for the launcher's own code (bash keeps it for a job that ended and was not yet waited for).
  [ -n "$interrupted" ] || break
done
set -e
exit "$code"
