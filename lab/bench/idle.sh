#!/usr/bin/env bash
# Measures what the lab costs when nobody touches it: the launcher's CPU with the dashboard open and 4 workers
# (default mode and period), and each worker JVM's memory (RSS and PSS). A measurement, not a test: it prints
# figures for the README's performance section. Needs tmux and a built jar (./run.sh builds it).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
window="${1:-30}"
session="lab-idle-$$"
work="$(mktemp -d)"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

tmux new-session -d -s "$session" -x 110 -y 36 "cd '$work' && LANG=C.UTF-8 '$here/run.sh' --workers 4"
for _ in $(seq 1 120); do
  tmux capture-pane -p -t "$session" | grep -q "NAIVE" && break
  sleep 0.5
done
sleep 10 # let start-up settle: class loading and JIT are not idle cost

launcher="$(pgrep -f -- "-jar $here/lab/target/lab.jar --workers 4" | head -1)"
workers="$(pgrep -f "lab.worker.WorkerMain" | tr '\n' ' ')"
hz="$(getconf CLK_TCK)"
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }

before="$(cpu "$launcher")"
sleep "$window"
after="$(cpu "$launcher")"
pct="$(awk -v t=$((after - before)) -v hz="$hz" -v w="$window" 'BEGIN { printf "%.1f", 100 * t / hz / w }')"

echo "launcher idle CPU, dashboard open, 4 workers, every 2s: ${pct}% of one core over ${window}s"
for w in $workers; do
  rss="$(awk '/^VmRSS/ {print $2}' "/proc/$w/status")"
  pss="$(awk '/^Pss:/ {print $2}' "/proc/$w/smaps_rollup")"
  echo "worker pid $w: RSS $((rss / 1024)) MB, PSS $((pss / 1024)) MB"
done
tmux send-keys -t "$session" q
sleep 0.5
tmux send-keys -t "$session" y
sleep 5
