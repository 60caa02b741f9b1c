#!/usr/bin/env bash
# The regression gate against a deliberate slowdown: the standard suite on the memory queue into
# one store, `mqbench history --check` after each suite run.
#   1. as it is (twice, unless the store already holds the suite's memory runs),
#   2. with memory.receiveDelay (each receive call takes at least that long): the gate must fail,
#   3. as it is again: the gate must pass, the slow batch left out of its baseline.
# Each step prints the gate's table and its exit code; the script fails when a step's exit code
# is not the one expected.
#
#   scripts/history-gate.sh [--plan]
#   JAR=runner/target/mqbench.jar OUT=results/gate DELAY=1ms THRESHOLD=5 scripts/history-gate.sh
set -euo pipefail
JAR=${JAR:-runner/target/mqbench.jar}
OUT=${OUT:-results/gate}
DELAY=${DELAY:-1ms}
THRESHOLD=${THRESHOLD:-5}
STORE="$OUT/mqbench.db"

suite() { echo "java -jar $JAR suite standard-1 --queues memory --out $OUT $*"; }
check() { echo "java -jar $JAR history --check --queue memory --threshold $THRESHOLD --store $STORE --out $OUT"; }

if [ "${1:-}" = "--plan" ]; then
  echo "baseline (twice, unless the store holds memory runs):"; echo "  $(suite)"; echo "  $(check)"
  echo "slowed, gate must exit 7:"; echo "  $(suite -p memory.receiveDelay="$DELAY")"; echo "  $(check)"
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
step 7 -p "memory.receiveDelay=$DELAY"
step 0
