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
#   JAR=runner/target/mqbench.jar OUT=results/gate BASE=memory.receiveDelay=1ms \
#     SLOW=memory.receiveDelay=2ms THRESHOLD=5 MATCH= FIGURES=received_msgs_per_s \
#     scripts/history-gate.sh
#
# "As it is" gives the memory queue a receive round trip of 1 ms (BASE), as a broker has one: a
# receive call then takes at least 1 ms, so that what the single receiver of throughput-1x1 takes
# is set by that round trip rather than by how the host schedules two busy threads, which moves
# the bare memory queue's throughput by tens of percent from run to run. The slowdown doubles the
# round trip. The gate judges every workload's received msgs/s (FIGURES); the fixed-rate workloads
# receive what they are sent either way and must read "no change". Backend keys are not part of a
# workload's identity, so all runs fall in the same series and the gate names the key that moved.
set -euo pipefail
JAR=${JAR:-runner/target/mqbench.jar}
CHECK_JAR=${CHECK_JAR:-$JAR}
OUT=${OUT:-results/gate}
BASE=${BASE-memory.receiveDelay=1ms}
SLOW=${SLOW:-memory.receiveDelay=2ms}
THRESHOLD=${THRESHOLD:-5}
MATCH=${MATCH-}
FIGURES=${FIGURES-received_msgs_per_s}
STORE="$OUT/mqbench.db"
AS_IT_IS=${BASE:+-p $BASE}

suite() { echo "java -jar $JAR suite standard-1 --queues memory --out $OUT $*"; }
check() {
  echo "java -jar $CHECK_JAR history --check --queue memory --threshold $THRESHOLD --store $STORE --out $OUT${MATCH:+ --match $MATCH}${FIGURES:+ --figures $FIGURES}"
}

if [ "${1:-}" = "--plan" ]; then
  echo "baseline (twice, unless the store holds memory runs):"; echo "  $(suite $AS_IT_IS)"
  echo "slowed, gate must exit 7:"; echo "  $(suite -p "$SLOW")"; echo "  $(check)"
  echo "as it was, gate must exit 0:"; echo "  $(suite $AS_IT_IS)"; echo "  $(check)"
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
  echo "== $(date -u +%FT%TZ): baseline runs: $(suite $AS_IT_IS)"
  $(suite $AS_IT_IS) > "$OUT.suite.log" 2>&1; $(suite $AS_IT_IS) >> "$OUT.suite.log" 2>&1
fi
step 7 -p "$SLOW"
step 0 $AS_IT_IS
