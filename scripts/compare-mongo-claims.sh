#!/usr/bin/env bash
# Batch claiming against one-document claiming (mongo.claim=batch vs mongo.claim=one) on the same
# server with the same data, and the send rate under each write concern, all through the runner
# (runner/target/mqbench.jar --queue mongo).
#
#   scripts/compare-mongo-claims.sh [--uri mongodb://host:port] [--messages 2000,10000]
#       [--batch 100] [--size 100] [--rounds 3] [--write-concerns majority,acknowledged,journaled,w1]
#       [--keep DIR]
#
# Each run is --phases send-then-drain into a fresh collection (deleted messages leave it empty):
# one sender sends --messages in batches of random size 1..batch, then one receiver drains the
# backlog claiming up to --batch per receive; the drain rate is the claim strategy's receive rate.
# Rounds alternate which strategy goes first; per backlog size the medians, their ratio and the
# per-round ratios are printed. Then one run per write concern per round gives the send rates.
# One unmeasured drain with each strategy warms the server up first.
#
# Without --uri (or MONGODB_URI) the mongo-java-server stand-in is started once, in its own JVM on a
# free loopback port, and every run uses it: STAND-IN NUMBERS ARE NOT MONGODB NUMBERS (its writes
# are slow next to a round trip, and it scans the whole collection for most filters). Needs:
# ./mvnw -q -B package -DskipTests.
# Raw outputs (each run's results folder, the tools' own outputs and logs) are kept for examining a
# round afterwards: in --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the
# last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

URI="${MONGODB_URI:-}" MESSAGES=2000,10000 BATCH=100 SIZE=100 ROUNDS=3 KEEP=
WRITE_CONCERNS=majority,acknowledged,journaled,w1
while [ $# -gt 0 ]; do
  case "$1" in
    --uri) URI="$2"; shift 2 ;;
    --messages) MESSAGES="$2"; shift 2 ;;
    --batch) BATCH="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --write-concerns) WRITE_CONCERNS="$2"; shift 2 ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"

runner_jar=runner/target/mqbench.jar
[ -f "$runner_jar" ] || { echo "$runner_jar is missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }
cmp_work mongo "$KEEP"
STANDIN_PID=
cleanup() { [ -z "$STANDIN_PID" ] || kill "$STANDIN_PID" 2>/dev/null; cmp_keep mqbench.jar; }
trap cleanup EXIT
# A copy, so that a rebuild during the comparison cannot replace the jar being measured.
cp "$runner_jar" "$WORK/mqbench.jar"

SERVER="$URI"
if [ -z "$URI" ]; then
  # The stand-in's jars and its main class (mq-mongo-broker), as the runner's local broker runs them.
  ls mq-mongo-broker/target/classes/mongo-broker/mq-mongo-broker-*-main.jar >/dev/null 2>&1 \
    || { echo "the stand-in's jars are missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  printf 'host=127.0.0.1\nports=%s\ndirectory=%s\n' "$PORT" "$WORK" >"$WORK/launch.properties"
  java -Xmx1g -cp "mq-mongo-broker/target/classes/mongo-broker/*" \
    io.mqbench.mongo.broker.MongoStandInMain "$WORK/launch.properties" >"$WORK/standin.log" 2>&1 &
  STANDIN_PID=$!
  for _ in $(seq 1 100); do grep -q listening "$WORK/standin.log" && break; sleep 0.1; done
  grep -q listening "$WORK/standin.log" || { cat "$WORK/standin.log" >&2; exit 1; }
  URI="mongodb://127.0.0.1:$PORT"
  SERVER="the mongo-java-server stand-in at 127.0.0.1:$PORT (NOT MongoDB: these are not MongoDB numbers)"
fi

run() { # run <name> <messages> <backend keys...>; prints "sent received verdict"
  local name="$1" messages="$2" code=0 csv; shift 2
  local out="$WORK/$name" keys=()
  for k in "$@"; do keys+=(-p "$k"); done
  java -Xmx512m -jar "$WORK/mqbench.jar" run --queue mongo --phases send-then-drain \
    --messages "$messages" --batch "$BATCH" --size "$SIZE" --warmup 0s --progress never --out "$out" \
    -p mongo.uri="$URI" -p mongo.collection="compare-$name" "${keys[@]}" >"$WORK/$name.log" 2>&1 || code=$?
  # A verdict other than ok is recorded beside the rates; it never stops the comparison.
  [ "$code" -eq 0 ] || { echo "run $name: $(cmp_verdict "$code"); its output ends:" >&2; tail -20 "$WORK/$name.log" >&2; }
  csv=$(find "$out" -name summary.csv | head -1)
  if [ -n "$csv" ]; then
    awk -F, 'NR==1 {for (i=1;i<=NF;i++) col[$i]=i; next}
             NR==2 {printf "%.0f %.0f ", $col["sent_msgs_per_s"], $col["received_msgs_per_s"]}' "$csv"
  else
    printf 'nan nan '
  fi
  echo "$(cmp_verdict "$code" | tr ' ' '_')"
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "== fair comparison: mongo.claim=batch against mongo.claim=one, both through the runner =="
cmp_fair "server" "$SERVER (both)"
cmp_fair "warm-up" "both: one unmeasured drain of ${MESSAGES%%,*} messages with each strategy before the first round"
cmp_fair "measured" "both: the same backlogs ($MESSAGES messages), drained by one receiver"
cmp_fair "rates" "both: the runner's drain rate, from the drain's first delivery to its last (the same code on both sides)"
cmp_fair "client settings" "both: one sender then one receiver per run, ${SIZE}-byte messages, send batches 1..$BATCH, receive up to $BATCH"
cmp_fair "collections" "each run a fresh collection"
cmp_fair "order" "rounds alternate which strategy goes first; $ROUNDS rounds"
STAMP=$(date +%s)
# The server's JIT warms up over the first runs, which would favour whichever strategy runs later:
# one unmeasured drain of each strategy first.
for claim in batch one; do
  run "$STAMP-warm-up-$claim" "${MESSAGES%%,*}" mongo.claim="$claim" >/dev/null
done
echo "warm-up: one unmeasured drain of ${MESSAGES%%,*} messages with each strategy"
for m in ${MESSAGES//,/ }; do
  : >"$WORK/batch" ; : >"$WORK/one" ; : >"$WORK/ratio"
  for r in $(seq 1 "$ROUNDS"); do
    if [ $((r % 2)) -eq 1 ]; then order="batch one"; else order="one batch"; fi
    for claim in $order; do
      res=$(run "$STAMP-$m-$r-$claim" "$m" mongo.claim="$claim")
      echo "backlog $m, round $r, claim=$claim: drained $(echo "$res" | cut -d' ' -f2) msgs/s (sent $(echo "$res" | cut -d' ' -f1) msgs/s); verdict $(echo "$res" | cut -d' ' -f3 | tr '_' ' ')"
      echo "$res" | cut -d' ' -f2 >>"$WORK/$claim"
    done
    paste -d' ' <(tail -1 "$WORK/batch") <(tail -1 "$WORK/one") | awk '{if ($1 != "nan" && $2 != "nan" && $2 > 0) printf "%.2f\n", $1/$2; else print "nan"}' >>"$WORK/ratio"
  done
  b=$(grep -v nan "$WORK/batch" | median); o=$(grep -v nan "$WORK/one" | median)
  echo "backlog $m: median drain batch $b msgs/s, one $o msgs/s, ratio of medians $(awk -v a="$b" -v b="$o" 'BEGIN {printf "%.2f", a/b}');" \
    "per-round ratios $(tr '\n' ' ' <"$WORK/ratio")(median $(grep -v nan "$WORK/ratio" | median))"
done

m=${MESSAGES%%,*}
for wc in ${WRITE_CONCERNS//,/ }; do
  : >"$WORK/wc"
  for r in $(seq 1 "$ROUNDS"); do
    run "$STAMP-wc-$wc-$r" "$m" mongo.writeConcern="$wc" | cut -d' ' -f1 >>"$WORK/wc" || true
  done
  echo "writeConcern=$wc: median send $(median <"$WORK/wc") msgs/s (rounds: $(tr '\n' ' ' <"$WORK/wc"))"
done
