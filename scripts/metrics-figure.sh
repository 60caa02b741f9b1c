#!/usr/bin/env bash
# Draws docs/live-metrics.png: the Grafana dashboard's panels (docker/monitoring/grafana/dashboards/
# mqbench.json) rendered with XChart from real scrapes, since Grafana does not run here. Starts two
# workers with --metrics-port, runs a rate-mode run over them with --metrics-port, scrapes the
# coordinator and both workers once a second until the run ends, then draws the panels from those
# scrapes (runner test class io.mqbench.runner.metrics.DashboardFigure).
#
#   scripts/metrics-figure.sh [OUT.png] [RUN OPTIONS...]
#
# Default run: --queue memory --mode rate --rate 4000 --duration 40s. Needs
# ./mvnw -q -B -pl runner -am package (the jar and the runner's test classes) and curl.
set -uo pipefail
cd "$(dirname "$0")/.."

OUT=${1:-docs/live-metrics.png}
shift || true
RUN=("$@")
[ ${#RUN[@]} -gt 0 ] || RUN=(--queue memory --mode rate --rate 4000 --duration 40s)
JAR=runner/target/mqbench.jar
CLASSES=runner/target/test-classes
for f in "$JAR" "$CLASSES/io/mqbench/runner/metrics/DashboardFigure.class"; do
  [ -e "$f" ] || { echo "missing $f: ./mvnw -q -B -pl runner -am package" >&2; exit 2; }
done

work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; }
trap cleanup EXIT
echo token-of-the-figure > "$work/token"

url_in() { # waits for the metrics URL a log prints
  for _ in $(seq 600); do
    u=$(grep -o 'live metrics on http://[^ ]*/metrics' "$1" | head -1 | sed 's/live metrics on //')
    [ -n "$u" ] && { echo "$u"; return 0; }
    sleep 0.1
  done
  echo "no metrics URL in $1: $(cat "$1")" >&2; return 1
}

addresses=()
declare -A endpoints
for i in 1 2; do
  java -Xmx512m -jar "$JAR" worker --port 0 --token-file "$work/token" --metrics-port 0 \
    --metrics-node "worker-$i" > "$work/worker-$i.log" 2>&1 &
  pids+=($!)
  endpoints[worker-$i]=$(url_in "$work/worker-$i.log") || exit 1
  addresses+=("$(grep -o 'listening on [0-9.]*:[0-9]*' "$work/worker-$i.log" | sed 's/listening on //')")
done

command=(java -jar "$JAR" run "${RUN[@]}" --workers "$(IFS=,; echo "${addresses[*]}")"
  --worker-token-file "$work/token" --warmup 0s --metrics-port 0 --metrics-linger 3s
  --out "$work/results")
echo "run: ${command[*]}" | sed "s#$work#\$TMP#g"
"${command[@]}" > "$work/run.out" 2> "$work/run.err" &
run=$!
pids+=($run)
endpoints[coordinator]=$(url_in "$work/run.err") || exit 1

for name in "${!endpoints[@]}"; do mkdir -p "$work/scrapes/$name"; done
while kill -0 "$run" 2>/dev/null; do
  for name in "${!endpoints[@]}"; do
    curl -s --max-time 2 "${endpoints[$name]}" > "$work/scrapes/$name/$(date +%s%3N).txt" &
  done
  wait $(jobs -p | grep -v -x -e "$run" -e "${pids[0]}" -e "${pids[1]}") 2>/dev/null
  sleep 1
done
wait "$run"
code=$?
cat "$work/run.err" >&2
grep -E '^(sent|received|end-to-end|latency|e2e)' "$work/run.out" || tail -20 "$work/run.out"
echo "scrapes: $(ls "$work/scrapes/coordinator" | wc -l) of the coordinator; run exit code $code"

java -cp "$CLASSES:$JAR" io.mqbench.runner.metrics.DashboardFigure "$work/scrapes" \
  docker/monitoring/grafana/dashboards/mqbench.json "$OUT" || exit 1
echo "wrote $OUT (scrapes and results in $work)"
