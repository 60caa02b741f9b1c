#!/usr/bin/env bash
# Whether the default run reports steady-state numbers: runs the README's default command (no
# options but the queue) several times back to back through the runner's jar, and prints each
# run's sent and received msgs/s, the median, and the largest deviation from the median.
#
# Usage: scripts/repeatability.sh QUEUE [ROUNDS] [runner options ...]     (ROUNDS default 2)
# Needs: ./mvnw -q package -DskipTests (runner/target/mqbench.jar).
set -euo pipefail
cd "$(dirname "$0")/.."
queue=${1:?usage: scripts/repeatability.sh QUEUE [ROUNDS] [runner options ...]}
rounds=${2:-2}
shift $(( $# >= 2 ? 2 : 1 ))

runner_jar=runner/target/mqbench.jar
[ -f "$runner_jar" ] || { echo "$runner_jar is missing: ./mvnw -q package -DskipTests" >&2; exit 1; }
work=$(mktemp -d -t mqbench-repeatability.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$runner_jar" "$work/mqbench.jar" # a rebuild meanwhile must not change what is measured

sent=()
received=()
for round in $(seq 1 "$rounds"); do
  out="$work/round-$round"
  java -Xmx1g -jar "$work/mqbench.jar" run --queue "$queue" --progress never --out "$out" "$@" \
    >"$work/stdout-$round" 2>"$work/stderr-$round" || {
    echo "round $round failed:" >&2; cat "$work/stderr-$round" >&2; exit 1; }
  json=$(ls "$out"/*/run.json)
  s=$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print(round(t["sentPerSecond"]))' "$json")
  r=$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["totals"]; print(round(t["receivedPerSecond"]))' "$json")
  settings=$(sed -n 's/^settings *//p' "$work/stdout-$round")
  printf 'round %d: sent %s msgs/s, received %s msgs/s (%s)\n' "$round" "$s" "$r" "$settings"
  sent+=("$s")
  received+=("$r")
done
python3 - "${sent[*]}" "${received[*]}" <<'PY'
import statistics, sys
for name, text in (("sent", sys.argv[1]), ("received", sys.argv[2])):
    v = [float(x) for x in text.split()]
    m = statistics.median(v)
    worst = max(abs(x - m) / m for x in v) if m else 0.0
    print(f"{name}: median {m:,.0f} msgs/s, largest deviation from the median {worst:.1%}, max/min {max(v)/min(v):.3f}")
PY
