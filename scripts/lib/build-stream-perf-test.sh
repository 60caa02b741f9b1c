#!/usr/bin/env bash
# Builds RabbitMQ's Stream PerfTest (the tool scripts/compare-rabbitmq-stream.sh measures against)
# from a checkout of its release source, and prints the path of the jar it made. Stream PerfTest is
# not published on Maven Central; its dependencies are.
#
#   git clone --branch v1.8.0 https://github.com/rabbitmq/rabbitmq-stream-perf-test SRC_DIR
#   scripts/lib/build-stream-perf-test.sh SRC_DIR
#
# Uses the checkout's own Maven wrapper: tests skipped, and the release's signing step off (it needs
# the maintainers' key).
set -euo pipefail
[ $# -eq 1 ] && [ -x "$1/mvnw" ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' >&2; exit 2; }
cd "$1"
./mvnw -B -q clean package -Dmaven.test.skip -Dgpg.skip >&2
jar="$(pwd)/target/stream-perf-test.jar"
[ -f "$jar" ] || { echo "no $jar after the build" >&2; exit 1; }
echo "$jar"
