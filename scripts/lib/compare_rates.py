#!/usr/bin/env python3
"""Reads the rates of one run of each tool the compare-*.sh scripts run, the same way for both
sides, and prints the per-round ratios and medians at the end.

Window commands print "SENT RECEIVED COVERED": the mean msgs/s sent (confirmed by the broker) and
received over the measured window, seconds (W, W+D] after the tool's start, and how many seconds of
reports the window held. Each tool reports per interval (about a second); the window's rate is the
messages of the intervals inside it over their length, an interval across an edge counted for its
part inside at its rate.

  runner-window RUN_JSON W D         the runner's run.json timeline (ticks of one second)
  perftest-window CSV W D            PerfTest's --output-file (time, confirmed, received)
  artemis-window JSON W D            `artemis perf client --json` (interval samples)
  stream-perftest-window LOG W D     Stream PerfTest's output (one line a second: confirmed, consumed)
  runner-kafka RUN_JSON              send-then-drain: "SENT SEND_S DRAINED DRAIN_S FROM_FIRST"
  producer-performance LOG           "RATE SECONDS" of ProducerPerformance's total line
  consumer-performance LOG           "RATE SECONDS FETCH_RATE" (nMsg.sec, its seconds, fetch.nMsg.sec)
  share-consumer-performance LOG N   "RATE SECONDS" of ShareConsumerPerformance (nMsg.sec), nan if
                                     it read fewer than N records (its time then holds its timeout)
  runner-share-send RUN_JSON         a send-only run: "SENT_RATE SEND_S"
  runner-share-drain RUN_JSON N      a receive-only run: "RECEIVED_RATE RECEIVE_S" (from the
                                     receivers' start to the last delivery), nan below N received
  summary RESULTS NATIVE METRIC...   per-round ratios and medians of a results file
  ack-summary RESULTS BASE MODE...   lines "ROUND MODE RATE SECONDS": each mode's per-round ratio to
                                     BASE's rate in the same round, and their median
"""

import csv
import json
import re
import statistics
import sys


def window(intervals, start, length):
    """intervals: (end_seconds, length_seconds, sent_rate, received_rate). An interval that
    straddles an edge of the window counts for the part inside it, at its rate."""
    sent = received = covered = 0.0
    for end, span, s, r in intervals:
        inside = min(end, start + length) - max(end - span, start)
        if inside > 0:
            sent += s * inside
            received += r * inside
            covered += inside
    if covered == 0:
        return None
    return sent / covered, received / covered, covered


def print_window(result):
    if result is None:
        print("nan nan 0")
    else:
        print("%.1f %.1f %.1f" % result)


def runner_window(path, start, length):
    with open(path) as f:
        run = json.load(f)
    intervals = []
    for tick in run.get("timeline", []):
        span = tick["seconds"]
        if span <= 0:
            continue
        end = tick["second"] - 1 + span
        intervals.append((end, span, tick["sentInSecond"] / span, tick["receivedInSecond"] / span))
    return window(intervals, start, length)


def perftest_window(path, start, length):
    intervals = []
    previous = 0.0
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            end = float(row["time (s)"])
            confirmed = row.get("confirmed (msg/s)") or "0"
            received = row.get("received (msg/s)") or "0"
            intervals.append((end, end - previous, float(confirmed), float(received)))
            previous = end
    return window(intervals, start, length)


def artemis_window(path, start, length):
    with open(path) as f:
        samples = [s for s in json.load(f) if s.get("sampleType") == "interval"]
    if not samples:
        return None
    # The first sample is taken one second after the load starts; times are epoch milliseconds.
    origin = samples[0]["time"] / 1000.0 - 1.0
    intervals = []
    previous = origin
    for s in samples:
        t = s["time"] / 1000.0
        intervals.append((t - origin, t - previous, float(s.get("completed", 0)), float(s.get("received", 0))))
        previous = t
    return window(intervals, start, length)


STREAM_PERFTEST_LINE = re.compile(r"^(\d+), published \d+ msg/s, confirmed (\d+) msg/s, consumed (\d+) msg/s")


def stream_perftest_window(path, start, length):
    """Stream PerfTest prints its report N, one a second from the start of its load, as "N,
    published P msg/s, confirmed C msg/s, consumed R msg/s, latency ..."; report N covers the
    second (N-1, N]. A second without activity has no line."""
    intervals = []
    with open(path, errors="replace") as f:
        for line in f:
            m = STREAM_PERFTEST_LINE.match(re.sub(r"\x1b\[[0-9;]*m", "", line).strip())
            if m:
                intervals.append((float(m.group(1)), 1.0, float(m.group(2)), float(m.group(3))))
    return window(intervals, start, length)


def runner_kafka(path):
    with open(path) as f:
        totals = json.load(f)["totals"]
    drain = totals["drainWaitSeconds"] + totals["receiveSeconds"]
    drained = totals["received"] / drain if drain > 0 else float("nan")
    print(
        "%.1f %.3f %.1f %.3f %.1f"
        % (
            totals["sentPerSecond"],
            totals["sendSeconds"],
            drained,
            drain,
            totals["receivedPerSecond"],
        )
    )


def producer_performance(path):
    total = None
    with open(path) as f:
        for line in f:
            # The total line: "N records sent, R records/sec (...), ... avg latency" (intervals
            # say "records sent, R records/sec" too, the total comes last).
            if "records sent," in line and "records/sec" in line:
                parts = line.split(",")
                count = float(parts[0].split()[0])
                rate = float(parts[1].split()[0])
                total = (rate, count / rate if rate > 0 else float("nan"))
    if total is None:
        sys.exit("no total line in the ProducerPerformance output " + path)
    print("%.1f %.3f" % total)


def consumer_performance(path):
    header = None
    with open(path) as f:
        for line in f:
            cells = [c.strip() for c in line.split(",")]
            if cells and cells[0] == "start.time":
                header = cells
            elif header is not None and len(cells) == len(header):
                row = dict(zip(header, cells))
                rate = float(row["nMsg.sec"])
                count = float(row["data.consumed.in.nMsg"])
                print("%.1f %.3f %.1f" % (rate, count / rate if rate > 0 else float("nan"), float(row["fetch.nMsg.sec"])))
                return
    sys.exit("no result line in the ConsumerPerformance output " + path)


def share_consumer_performance(path, expected):
    header = None
    with open(path) as f:
        for line in f:
            cells = [c.strip() for c in line.split(",")]
            if cells and cells[0] == "start.time":
                header = cells
            elif header is not None and len(cells) == len(header):
                row = dict(zip(header, cells))
                count = float(row["data.consumed.in.nMsg"])
                seconds = float(row["fetch.time.ms"]) / 1000.0
                rate = float(row["nMsg.sec"]) if count >= expected else float("nan")
                print("%.1f %.3f" % (rate, seconds))
                return
    sys.exit("no result line in the ShareConsumerPerformance output " + path)


def runner_totals(path):
    with open(path) as f:
        return json.load(f)["totals"]


def runner_share_send(path):
    totals = runner_totals(path)
    print("%.1f %.3f" % (totals["sentPerSecond"], totals["sendSeconds"]))


def runner_share_drain(path, expected):
    totals = runner_totals(path)
    rate = totals["receivedPerSecond"] if totals["received"] >= expected else float("nan")
    print("%.1f %.3f" % (rate, totals["receiveSeconds"]))


def number(text):
    try:
        value = float(text)
    except ValueError:
        return None
    return None if value != value else value  # NaN: no result


def summary(path, native, metrics):
    """RESULTS lines: "ROUND SIDE METRIC VALUE" (SIDE native or runner), "ROUND verdict TEXT"."""
    values = {}
    verdicts = {}
    rounds = []
    with open(path) as f:
        for line in f:
            parts = line.split(None, 2)
            if len(parts) < 3:
                continue
            r = int(parts[0])
            if r not in rounds:
                rounds.append(r)
            if parts[1] == "verdict":
                verdicts[r] = parts[2].strip()
            else:
                side, rest = parts[1], parts[2].split()
                values[(r, side, rest[0])] = number(rest[1])
    print("== result: %d rounds, runner / %s (ratios above 1: the runner was faster) ==" % (len(rounds), native))
    for m in metrics:
        ratios = []
        per_round = []
        for r in rounds:
            a, b = values.get((r, "runner", m)), values.get((r, "native", m))
            if a is None or b is None or b == 0:
                per_round.append("-")
            else:
                ratios.append(a / b)
                per_round.append("%.2f" % (a / b))
        natives = [v for (r, s, k), v in values.items() if s == "native" and k == m and v is not None]
        runners = [v for (r, s, k), v in values.items() if s == "runner" and k == m and v is not None]
        median = "%.2f" % statistics.median(ratios) if ratios else "-"
        print(
            "%s: per-round ratios %s, median %s (median rates: %s %s, runner %s msgs/s)"
            % (
                m,
                " ".join(per_round),
                median,
                native,
                "{:,.0f}".format(statistics.median(natives)) if natives else "-",
                "{:,.0f}".format(statistics.median(runners)) if runners else "-",
            )
        )
    print("runner verdicts: " + ", ".join("round %d %s" % (r, verdicts.get(r, "-")) for r in rounds))


def ack_summary(path, base, modes):
    rates = {}
    rounds = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 3:
                continue
            r = int(parts[0])
            if r not in rounds:
                rounds.append(r)
            rates[(r, parts[1])] = number(parts[2])
    print("== result: %d rounds, each mode / %s (below 1: slower than %s) ==" % (len(rounds), base, base))
    for m in [base] + modes:
        values = [rates.get((r, m)) for r in rounds]
        known = [v for v in values if v is not None]
        text = "median rate %s msgs/s" % ("{:,.0f}".format(statistics.median(known)) if known else "-")
        if m != base:
            ratios = []
            per_round = []
            for r in rounds:
                a, b = rates.get((r, m)), rates.get((r, base))
                if a is None or b is None or b == 0:
                    per_round.append("-")
                else:
                    ratios.append(a / b)
                    per_round.append("%.2f" % (a / b))
            median = "%.2f" % statistics.median(ratios) if ratios else "-"
            text = "per-round ratios %s, median %s; %s" % (" ".join(per_round), median, text)
        print("%s: %s" % (m, text))


def main(argv):
    command, args = argv[1], argv[2:]
    if command == "runner-window":
        print_window(runner_window(args[0], float(args[1]), float(args[2])))
    elif command == "perftest-window":
        print_window(perftest_window(args[0], float(args[1]), float(args[2])))
    elif command == "artemis-window":
        print_window(artemis_window(args[0], float(args[1]), float(args[2])))
    elif command == "stream-perftest-window":
        print_window(stream_perftest_window(args[0], float(args[1]), float(args[2])))
    elif command == "runner-kafka":
        runner_kafka(args[0])
    elif command == "producer-performance":
        producer_performance(args[0])
    elif command == "consumer-performance":
        consumer_performance(args[0])
    elif command == "share-consumer-performance":
        share_consumer_performance(args[0], float(args[1]))
    elif command == "runner-share-send":
        runner_share_send(args[0])
    elif command == "runner-share-drain":
        runner_share_drain(args[0], float(args[1]))
    elif command == "ack-summary":
        ack_summary(args[0], args[1], args[2:])
    elif command == "summary":
        summary(args[0], args[1], args[2:])
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv)
