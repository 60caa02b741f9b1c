#!/usr/bin/env python3
"""Turns the output of the runs scripts/readme-figures.sh makes into the README's table rows.

  rate X                          a rate as the README writes it: 490k, 48.5k, 5.20 M
  repeatability LOG               the sent rates of scripts/repeatability.sh's rounds, "A and B msgs/s"
  max-min LOG                     max/min of those rates, 3 decimals
  csv CSV COLUMN...               the first row's values of the named columns of a summary.csv
  json-path JSON a.b.c            one value of a run.json
  sweep SWEEP_CSV                 the sweep table's rows, by target rate
  jmh-harness JSON                the HarnessOverhead row's result
  jmh-backend JSON                the Backend table's rows
  compare-row TOOL LOG DATE       a row of the comparison table from a compare-*.sh output
  limits-row QUEUE RUN_JSON CODE  a row of the table of default runs and their limits
"""

import csv
import json
import re
import statistics
import sys


def rate(x):
    x = float(x)
    if x != x:
        return "-"
    if x >= 1_000_000:
        return "%.2f M" % (x / 1e6)
    if x >= 100_000:
        return "%.0fk" % (x / 1e3)
    if x >= 1_000:
        return "%.1fk" % (x / 1e3)
    return "%.0f" % x


def grouped(x):
    x = float(x)
    return "-" if x != x else "{:,.0f}".format(x)


def repeatability_rates(path):
    with open(path) as f:
        return [float(m.group(1)) for m in re.finditer(r"^round \d+: sent (\d+) msgs/s", f.read(), re.M)]


def first_row(path):
    with open(path, newline="") as f:
        return next(csv.DictReader(f))


def sweep(path):
    with open(path, newline="") as f:
        rows = sorted(
            csv.DictReader(f),
            key=lambda r: (
                float(r["target_msgs_per_s"]),
                r.get("phase", "search") != "search",
                r.get("phase", ""),
            ),
        )
    for r in rows:
        objective = r["objective_ms"]
        print(
            "| %s | %s | %s | %s | %s | %s |"
            % (
                grouped(r["target_msgs_per_s"]),
                r.get("phase", "search"),
                grouped(r["achieved_msgs_per_s"]),
                "{:,.1f}".format(float(objective)) if objective else "-",
                ("yes" if r["passed"] == "true" else "no")
                + (" (non-monotonic)" if r.get("non_monotonic") == "true" else ""),
                r["verdict"] if r["passed"] == "true" else r["why"],
            )
        )


def secondary(entry, name):
    m = entry.get("secondaryMetrics", {}).get(name)
    if m is None:
        return None, []
    raw = [v for fork in m.get("rawData", []) for v in fork]
    return m["score"], raw


def jmh_harness(path):
    with open(path) as f:
        entries = json.load(f)
    sent = [v for e in entries for v in secondary(e, "sentMessages")[1]]
    received = [v for e in entries for v in secondary(e, "receivedMessages")[1]]
    if not sent:
        sys.exit("no sentMessages in " + path)
    print(
        "median %.1f M msgs/s sent, %.1f M received (%d iterations: %.1f to %.1f M sent)"
        % (
            statistics.median(sent) / 1e6,
            statistics.median(received) / 1e6 if received else float("nan"),
            len(sent),
            min(sent) / 1e6,
            max(sent) / 1e6,
        )
    )


def jmh_backend(path):
    with open(path) as f:
        entries = json.load(f)
    cells = {}
    queues = []
    for e in entries:
        params = e.get("params", {})
        queue, batch = params.get("queue"), params.get("batch")
        kind = e["benchmark"].split(".")[-1]
        if queue not in queues:
            queues.append(queue)
        if kind.startswith("send"):
            cells[(queue, "send", batch)] = secondary(e, "sentMessages")[0]
        elif kind.startswith("pipeline") or kind in ("senders", "receivers"):
            score = secondary(e, "receivedMessages")[0]
            if score is not None:
                cells[(queue, "pipeline", batch)] = score
    for q in queues:
        row = [cells.get((q, k, b)) for k in ("send", "pipeline") for b in ("10", "100")]
        print("| %s | %s |" % (q, " | ".join("-" if v is None else grouped(v) for v in row)))


WHAT = {
    "kafka": "runner `--phases send-then-drain`, 1 sender and 1 receiver, against ProducerPerformance then ConsumerPerformance (one producer, one consumer)",
    "rabbitmq": "runner `--batch 1 --in-flight 128 --max-backlog off`, 2 senders × 2 receivers together, against PerfTest `-x 2 -y 2 --confirm 128 --qos 256 --multi-ack-every 128`",
    "artemis": "runner `--batch 1 --in-flight 500 --max-backlog off` against `artemis perf client --max-pending 500`, 1 producer + 1 consumer together (completion listeners both)",
}


def compare_row(tool, path, date):
    with open(path) as f:
        text = f.read()
    fair = dict(re.findall(r"^fair: ([a-z -]+): (.*)$", text, re.M))
    results = re.findall(r"^(\w+): per-round ratios (.*?), median (\S+) \(median rates: (.*?) ([\d,-]+), runner ([\d,-]+) msgs/s\)$", text, re.M)
    verdicts = re.search(r"^runner verdicts: (.*)$", text, re.M)
    sizes = re.findall(r"(?:measured runs: |start over with )(\d+) messages", text)
    short = re.search(r"^SHORT phases.*$", text, re.M)
    command = "scripts/compare-%s.sh" % tool
    terms = {
        "kafka": "3 rounds; %s messages of 100 B per side (sized so that each phase lasts ≥ 20 s), 8 partitions, `acks=all`, one local broker; the same producer and consumer properties both sides (`batch.size=16384`, `linger.ms=5`, `buffer.memory=33554432`)" % ("{:,}".format(int(sizes[-1])) if sizes else "the same number of"),
        "rabbitmq": "3 rounds; quorum queue, persistent 100 B, confirms; 5 s warm-up + 20 s measured, same window both sides",
        "artemis": "3 rounds; one local broker, NIO journal with datasync, persistent 100 B; 5 s warm-up + 20 s measured, same window both sides",
    }[tool]
    medians = "; ".join(
        "%s **%s** (median rates: %s %s, runner %s msgs/s)" % (metric, median, native, n, r)
        for metric, _, median, native, n, r in results
    )
    per_round = "; ".join("%s %s" % (metric, ratios.replace(" ", ", ")) for metric, ratios, *_ in results)
    note = ""
    if verdicts:
        note += " Runner verdicts: " + verdicts.group(1) + "."
    if short:
        note += " " + short.group(0) + "."
    print("| `%s` (%s), %s | %s | %s | %s.%s |" % (command, terms, date, WHAT[tool], medians, per_round, note))


def limits_row(queue, path, code):
    try:
        with open(path) as f:
            run = json.load(f)
    except (OSError, ValueError):
        print("| `%s` | - | - | - | - | - | - | %s |" % (queue, code))
        return
    t = run["totals"]
    limit = run.get("limit")
    if limit:
        probe = limit.get("probeEndToEndPerSecond") or 0
        e2e = limit.get("endToEndPerSecond") or 0
        side = limit.get("side", "-")
        text = "%s: %s (%.2fx)" % (side, grouped(probe), probe / e2e) if probe and e2e else side
    else:
        text = "-"
    print(
        "| `%s` | %s | %s | %s | %s | %.0f %% | %s | %s |"
        % (
            queue,
            run.get("target", "-"),
            grouped(t.get("sentPerSecond", float("nan"))),
            grouped(t.get("receivedPerSecond", float("nan"))),
            grouped(t.get("endToEndPerSecond", float("nan"))),
            100 * (t.get("sendersHeldShare") or 0),
            text,
            code,
        )
    )


def durability_row(label, path):
    """A row of the durability table: sent msgs/s, end-to-end p50 and where acknowledged messages were."""
    with open(path) as f:
        run = json.load(f)
    d = run.get("durability") or {}
    p50 = (run.get("latencies", {}).get("end-to-end-latency") or {}).get("p50Ms")
    print(
        "| %s | %s | %s | %s: %s |"
        % (
            label,
            grouped(run["totals"]["sentPerSecond"]),
            "-" if p50 is None else "%.3f" % p50,
            d.get("level", "undeclared").lower(),
            d.get("where", ""),
        )
    )


def cost_rows(path):
    """One row per run of a matrix's summary.csv: queue and durability, end to end msgs/s, cost."""
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            cost = row.get("cost_per_million_msgs", "")
            currency = row.get("cost_basis", "").split(":")[0]
            print(
                "| %s (%s) | %s | %s |"
                % (
                    row["queue"],
                    row.get("durability_detail", ""),
                    grouped(row["end_to_end_msgs_per_s"]),
                    (cost + " " + currency) if cost else "-",
                )
            )


def queue_rows(path):
    """One row per run of the all-queues matrix: queue, durability, msgs/s, e2e p99, lost, status."""
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            print(
                "| `%s` | %s | %s | %s | %s | %s | %s | %s |"
                % (
                    row["queue"],
                    row.get("durability", ""),
                    grouped(row["sent_msgs_per_s"]),
                    grouped(row["received_msgs_per_s"]),
                    grouped(row["end_to_end_msgs_per_s"]) if row["end_to_end_msgs_per_s"] else "-",
                    row.get("e2e_p99_ms", "") or "-",
                    row["lost"],
                    row["status"],
                )
            )


def subscription_rows(path):
    """One row per run of the subscriptions matrix: published and delivered msgs/s, p99, lost."""
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            subscriptions = int(row["subscriptions"])
            print(
                "| `%s` | %d | %s | %s | %s | %s | %s | %s |"
                % (
                    row["queue"],
                    subscriptions,
                    grouped(row["sent_msgs_per_s"]),
                    grouped(row["received_msgs_per_s"]),
                    grouped(float(row["received_msgs_per_s"]) / subscriptions),
                    row.get("e2e_p99_ms", "") or "-",
                    row["lost"],
                    row["status"],
                )
            )


def catch_up_row(label, path):
    """A row of the catch-up table, from a backlog-then-catch-up run's run.json."""
    with open(path) as f:
        run = json.load(f)
    c = run.get("catchUp")
    if not c:
        print("| %s | - | no catch-up record (status %s) | - | - | - | - | - |" % (label, run.get("status")))
        return

    def p99(window, latency):
        v = ((window or {}).get("latencies", {}).get(latency) or {}).get("p99Ms")
        return "-" if v is None else "%.1f" % v

    after = c.get("after")
    caught = (
        "%.2f" % c["catchUpSeconds"]
        if c.get("caughtUp")
        else "did not catch up (%s left)" % grouped(c["backlogAtEnd"])
    )
    print(
        "| %s | %s | %s | %s | %s / %s / %s | %s / %s | %s / %s | %s |"
        % (
            label,
            grouped(c["backlogAtStart"]),
            caught,
            grouped(c["catchUp"]["receivedPerSecond"]),
            grouped(c["backlog"]["sentPerSecond"]),
            grouped(c["catchUp"]["sentPerSecond"]),
            grouped(after["sentPerSecond"]) if after else "-",
            p99(c["catchUp"], "response-time"),
            p99(after, "response-time"),
            p99(c["catchUp"], "end-to-end-latency"),
            p99(after, "end-to-end-latency"),
            run["status"],
        )
    )


def fault_row(label, path, code):
    """A row of the faults table, from a run.json with one fault and the runner's exit code."""
    with open(path) as f:
        run = json.load(f)
    fault = run["faults"][0]
    totals = run["totals"]
    recovery = fault.get("recoverySeconds")
    print(
        "| %s | %.1f | %s | %s | %s | %.2f | %s | %s | %s |"
        % (
            label,
            fault["endSeconds"] - fault["startSeconds"],
            grouped(fault["receivedPerSecondBefore"]),
            grouped(fault["lowestReceivedPerSecond"]),
            "%.1f" % recovery if recovery is not None else "not by the end",
            fault["longestGapSeconds"],
            grouped(totals["lost"]),
            grouped(totals["duplicates"]),
            "%s (exit %s)" % (run["status"], code),
        )
    )


def failover_row(queue, fault_label, path, code):
    """A row of the failover table: the fault's unavailability windows, loss and duplicates."""
    with open(path) as f:
        run = json.load(f)
    fault = run["faults"][0]
    totals = run["totals"]
    recovery = fault.get("recoverySeconds")

    def outages(what, longest):
        # The outages the run lists (a second one after a heal, say), else the fault's longest gap.
        spans = [o["seconds"] for o in run.get("outages", []) if o["what"] == what]
        return " + ".join("%.2f" % x for x in spans) if spans else "%.2f" % (longest or 0)

    print(
        "| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |"
        % (
            queue,
            fault_label,
            "%s %s"
            % (
                run.get("durability", {}).get("level", "-").lower(),
                run.get("durability", {}).get("where", ""),
            ),
            grouped(totals["sentPerSecond"]),
            outages("no acknowledged send", fault.get("longestSendGapSeconds")),
            outages("no delivery", fault.get("longestGapSeconds")),
            "%.1f" % recovery if recovery is not None else "not by the end",
            grouped(totals["lost"]),
            grouped(totals["duplicates"]),
            "%s (exit %s)" % (run["status"], code),
        )
    )


def main(argv):
    command, args = argv[1], argv[2:]
    if command == "rate":
        print(rate(args[0]))
    elif command == "repeatability":
        print(" and ".join(rate(v) for v in repeatability_rates(args[0])) + " msgs/s")
    elif command == "max-min":
        v = repeatability_rates(args[0])
        print("%.3f" % (max(v) / min(v)) if v and min(v) > 0 else "-")
    elif command == "csv":
        row = first_row(args[0])
        print(" ".join(row.get(c, "") for c in args[1:]))
    elif command == "json-path":
        with open(args[0]) as f:
            v = json.load(f)
        for k in args[1].split("."):
            v = v[k]
        print(v)
    elif command == "sweep":
        sweep(args[0])
    elif command == "jmh-harness":
        jmh_harness(args[0])
    elif command == "jmh-backend":
        jmh_backend(args[0])
    elif command == "compare-row":
        compare_row(args[0], args[1], args[2])
    elif command == "limits-row":
        limits_row(args[0], args[1], args[2])
    elif command == "durability-row":
        durability_row(args[0], args[1])
    elif command == "queue-rows":
        queue_rows(args[0])
    elif command == "subscription-rows":
        subscription_rows(args[0])


    elif command == "catch-up-row":
        catch_up_row(args[0], args[1])
    elif command == "fault-row":
        fault_row(args[0], args[1], args[2])
    elif command == "failover-row":
        failover_row(args[0], args[1], args[2], args[3])
    elif command == "cost-rows":
        cost_rows(args[0])
    elif command == "grouped":
        print(grouped(args[0]))
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv)
