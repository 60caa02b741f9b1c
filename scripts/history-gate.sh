#!/usr/bin/env bash
# The regression gate against a deliberate slowdown: the standard suite on the memory queue into
# one store, `mqbench history --check` after each suite run.
#   1. as it is (twice, unless the store already holds the suite's memory runs),
#   2. slowed by a memory backend key (SLOW): the gate must fail,
#   3. as it is again: the gate must pass, the slow batch left out of its baseline.
# Each step prints the gate's table and its exit code; the script fails when a step's exit code
# is not the one expected.
#
#   scripts/history-gate.sh [--plan]
#   JAR=runner/target/mqbench.jar OUT=results/gate SLOW=memory.receiveDelay=1ms MATCH= FIGURES= \
#     scripts/history-gate.sh
#
# By default the gate judges the fixed-rate workloads (MATCH) by their delivered rate (FIGURES),
# and the slowdown caps what the queue hands out at 500 msgs/s, below the rates they send at. The
# memory queue's throughput and tail latency vary by tens of percent from run to run on a small
# shared host, so that with 3 runs a side the gate can only say inconclusive about an unchanged
# rerun of them; MATCH= FIGURES= judges every series and figure, and SLOW=memory.receiveDelay=1ms
# slows the throughput workloads instead (a receive call takes at least that long).
set -euo pipefail
JAR=${JAR:-runner/target/mqbench.jar}
CHECK_JAR=${CHECK_JAR:-$JAR}
OUT=${OUT:-results/gate}
SLOW=${SLOW:-memory.deliveryRate=500}
THRESHOLD=${THRESHOLD:-5}
MATCH=${MATCH-mode=rate}
FIGURES=${FIGURES-received_msgs_per_s}
STORE="$OUT/mqbench.db"

suite() { echo "java -jar $JAR suite standard-1 --queues memory --out $OUT $*"; }
check() {
  echo "java -jar $CHECK_JAR history --check --queue memory --threshold $THRESHOLD --store $STORE --out $OUT${MATCH:+ --match $MATCH}${FIGURES:+ --figures $FIGURES}"
}

if [ "${1:-}" = "--plan" ]; then
  echo "baseline (twice, unless the store holds memory runs):"; echo "  $(suite)"; echo "  $(check)"
  echo "slowed, gate must exit 7:"; echo "  $(suite -p "$SLOW")"; echo "  $(check)"
  echo "as it was, gate must exit 0:"; echo "  $(suite)"; echo "  $(check)"
  exit 0
fi

step() { # expected exit code, then the suite's extra arguments
  local expected=$1; shift
  echo "== $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg): $(suite "$@")"
  $(suite "$@") > "$OUT.suite.log" 2>&1 || true
  echo "== $(check)"
  set +e; $(check); local code=$?; set -e
  echo "== exit $code (expected $expected)"
  [ "$code" = "$expected" ] || { echo "unexpected exit code" >&2; exit 1; }
}

mkdir -p "$OUT"
if ! java -jar "$JAR" history export --queue memory --store "$STORE" 2>/dev/null | grep -q standard-1; then
  echo "== $(date -u +%FT%TZ): baseline runs"; $(suite) > "$OUT.suite.log" 2>&1; $(suite) >> "$OUT.suite.log" 2>&1
fi
step 7 -p "$SLOW"
step 0
