#!/usr/bin/env python3
"""The CPU side of scripts/compare-cpu.sh: runs one side's process and takes its CPU time, reads
how many messages each tool says it sent and received, and prints the rounds and the summary.

  run USAGE_JSON CMD...              runs CMD (stdout and stderr inherited), waits for it with
                                     wait4 and writes USAGE_JSON: user and system CPU seconds of
                                     the process and of every descendant it waited for, its
                                     largest resident set (KiB), exit code, wall seconds, and
                                     every process seen in its tree, and the tree's CPU time at
                                     each of those scans (a /proc scan twice a second), from which
                                     `record` takes the steady state.
                                     Exits with CMD's exit code. SIGINT and SIGTERM are passed on.
  runner-messages RUN_JSON           "SENT RECEIVED ACHIEVED": the runner's run.json totals and
                                     the msgs/s it says it achieved (sent over its send time)
  perftest-messages CSV              "SENT RECEIVED": PerfTest's --output-file, confirmed and
                                     received msgs/s times each interval's length, summed
  producer-messages LOG              "SENT RATE": ProducerPerformance's total line, its records
                                     and the records/sec it sent them at (it sends every record,
                                     late when the broker cannot keep up)
  consumer-messages LOG              "RECEIVED": ConsumerPerformance's data.consumed.in.nMsg
  artemis-messages JSON              "SENT RECEIVED": `artemis perf client --json`, its summary's
                                     totalCompleted and totalReceived (without a summary: its
                                     interval samples' completed and received, summed)
  record RESULTS ROUND SIDE LABEL SENT RECEIVED EXPECTED SECONDS NOTE USAGE_JSON...
                                     adds a round of one side (runner or native) to RESULTS and
                                     prints its line; several USAGE_JSON (Kafka's two tools) add.
                                     Held the rate is judged by time: a side that sent under 95 %
                                     of EXPECTED (within SECONDS: PerfTest, artemis perf client
                                     stop then), or whose rate over its own sending time (env
                                     ACHIEVED_RATE: the runner's achieved rate, ProducerPerformance's
                                     records/sec; sides that send every message, late if need be)
                                     is under 95 % of EXPECTED / SECONDS, did not hold the rate:
                                     its line and the summary say so. Beside the whole process, the
                                     steady state: CPU from STEADY_FROM seconds after the start to
                                     STEADY_BEFORE seconds before the end (scans of /proc), per
                                     message at the rate the side moved (ACHIEVED_RATE when
                                     lower), which leaves out both sides' start-up, JIT warm-up and
                                     shut-down
  summary RESULTS NATIVE_LABEL [SERIES_ROUNDS]
                                     per-round ratios runner / native of CPU-seconds per million
                                     messages sent, their median, and the medians of each side;
                                     with SERIES_ROUNDS, rounds in blocks of that many are series:
                                     each series' median, the median of those and their spread,
                                     and the host's load average at the rounds' starts
"""

import csv
import json
import os
import signal
import statistics
import sys
import threading
import time


def proc_table():
    """pid -> (ppid, comm) of every process /proc shows now."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                stat = f.read()
        except OSError:
            continue  # gone meanwhile
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ")".
        close = stat.rfind(")")
        comm = stat[stat.find("(") + 1 : close]
        fields = stat[close + 2 :].split()
        table[int(name)] = (int(fields[1]), comm)
    return table


TICK = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """utime + stime of one process (all its threads), in clock ticks, or None once it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()
    return int(fields[11]) + int(fields[12])


def tree(root, table):
    """The processes of root's tree: root and its descendants, (pid, comm)."""
    children = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        if pid in table:
            found.append((pid, table[pid][1]))
        todo.extend(children.get(pid, []))
    return found


def run(usage_path, command):
    start = time.monotonic()
    pid = os.posix_spawnp(command[0], command, os.environ)
    seen = {}  # pid -> comm, every process of the tree ever seen
    most_java = [0]  # the most JVMs alive at once in the tree
    samples = []  # [seconds since start, CPU-seconds of the tree's live processes]
    done = threading.Event()

    def watch():
        while not done.is_set():
            members = tree(pid, proc_table())
            for p, comm in members:
                seen.setdefault(p, comm)
            most_java[0] = max(most_java[0], sum(1 for _, comm in members if comm == "java"))
            ticks = [cpu_ticks(p) for p, _ in members]
            if members and None not in ticks:
                samples.append([time.monotonic() - start, sum(ticks) / TICK])
            done.wait(0.5)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()

    def forward(signum, _frame):
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass

    signal.signal(signal.SIGINT, forward)
    signal.signal(signal.SIGTERM, forward)
    # wait4 gives the process's own usage plus that of every descendant it waited for (a child JVM
    # the runner would start, the java a wrapper script starts), up to its exit.
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    done.set()
    watcher.join()
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        code = 128 - code  # killed by a signal, as a shell says it
    result = {
        "user": usage.ru_utime,
        "sys": usage.ru_stime,
        "maxRssKiB": usage.ru_maxrss,
        "exit": code,
        "wallSeconds": wall,
        "mostJvmsAtOnce": most_java[0],
        "processes": [{"pid": p, "comm": c} for p, c in sorted(seen.items())],
        "cpuSamples": samples,
    }
    with open(usage_path, "w") as f:
        json.dump(result, f)
    return code


def runner_messages(path):
    with open(path) as f:
        run = json.load(f)
    totals = run["totals"]
    achieved = (run.get("rate") or {}).get("achievedMsgsPerSecond")
    print("%d %d %s" % (totals["sent"], totals["received"], "nan" if achieved is None else "%.1f" % achieved))


def perftest_messages(path):
    sent = received = 0.0
    previous = 0.0
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            end = float(row["time (s)"])
            span = end - previous
            previous = end
            sent += float(row.get("confirmed (msg/s)") or 0) * span
            received += float(row.get("received (msg/s)") or 0) * span
    print("%.0f %.0f" % (sent, received))


def producer_messages(path):
    total = None
    with open(path) as f:
        for line in f:
            # Interval lines and the total line both start "N records sent, R records/sec"; the
            # total comes last.
            if "records sent," in line:
                words = line.split()
                total = (int(words[0]), float(words[3]))
    if total is None:
        sys.exit("no total line in the ProducerPerformance output " + path)
    print("%d %.1f" % total)


def consumer_messages(path):
    header = None
    with open(path) as f:
        for line in f:
            cells = [c.strip() for c in line.split(",")]
            if cells and cells[0] == "start.time":
                header = cells
            elif header is not None and len(cells) == len(header):
                print(int(float(dict(zip(header, cells))["data.consumed.in.nMsg"])))
                return
    sys.exit("no result line in the ConsumerPerformance output " + path)


def artemis_messages(path):
    with open(path) as f:
        samples = json.load(f)
    # Its summary sample holds the totals; the interval samples leave out the last part-second.
    for s in samples:
        if s.get("sampleType") == "summary" and "totalCompleted" in s:
            print("%d %d" % (s["totalCompleted"], s.get("totalReceived", 0)))
            return
    intervals = [s for s in samples if s.get("sampleType") == "interval"]
    if not intervals:
        sys.exit("no samples in " + path)
    sent = sum(float(s.get("completed", 0)) for s in intervals)
    received = sum(float(s.get("received", 0)) for s in intervals)
    print("%.0f %.0f" % (sent, received))


def number(text):
    try:
        value = float(text)
    except ValueError:
        return None
    return None if value != value else value


def fmt(value, pattern="{:,.0f}"):
    return "-" if value is None else pattern.format(value)


HELD = 0.95  # a side that sent less than this share of rate x seconds, or at less than this share
# of the rate over its own sending time, did not hold the rate


STEADY_FROM = float(os.environ.get("STEADY_FROM", "8"))
STEADY_BEFORE = float(os.environ.get("STEADY_BEFORE", "6"))
STEADY_LEAST = 5.0  # the shortest window that gives a steady-state figure


def steady_cpu_per_second(usage):
    """CPU-seconds per second of the process tree between STEADY_FROM seconds after its start and
    STEADY_BEFORE seconds before its end, from the /proc scans; None if the window is too short."""
    samples = usage.get("cpuSamples") or []
    end = usage["wallSeconds"] - STEADY_BEFORE
    inside = [s for s in samples if STEADY_FROM <= s[0] <= end]
    if len(inside) < 2 or inside[-1][0] - inside[0][0] < STEADY_LEAST:
        return None
    (t0, c0), (t1, c1) = inside[0], inside[-1]
    return (c1 - c0) / (t1 - t0)


def record(results, r, side, label, sent, received, expected, seconds, note, usage_paths):
    user = system = wall = 0.0
    steady = 0.0
    rss = []
    jvms = 0
    codes = []
    extra = []
    for path in usage_paths:
        try:
            with open(path) as f:
                u = json.load(f)
        except (OSError, ValueError):
            codes.append("no usage")
            continue
        user += u["user"]
        system += u["sys"]
        wall = max(wall, u["wallSeconds"])
        rss.append(u["maxRssKiB"] / 1024.0)
        jvms += u["mostJvmsAtOnce"]
        codes.append(str(u["exit"]))
        per_second = steady_cpu_per_second(u)
        steady = None if steady is None or per_second is None else steady + per_second
        comms = [p["comm"] for p in u["processes"]]
        if len(comms) > 1:
            extra.append("processes " + " ".join(comms))
    cpu = user + system if rss else None
    sent_n, received_n = number(sent), number(received)
    per_million = cpu / sent_n * 1e6 if cpu is not None and sent_n else None
    # Judged by time, whichever side: a side that stops at the time (PerfTest, artemis perf client)
    # and sent fewer did not hold the rate, and neither did one that sent every message but took
    # longer (the runner, ProducerPerformance), which says the rate it sent at in ACHIEVED_RATE.
    target_rate = float(expected) / float(seconds)
    achieved = number(os.environ.get("ACHIEVED_RATE", ""))
    held = (sent_n is not None and sent_n >= HELD * float(expected)
            and (achieved is None or achieved >= HELD * target_rate))
    if achieved is not None:
        rate, over = achieved, "its sending time"
    else:
        rate, over = (sent_n / float(seconds) if sent_n is not None else None), "%ss" % seconds
    # At a fixed rate the steady state moves the target's messages per second; a side that sent
    # fewer, or late, moved its own mean.
    steady_rate = min(float(expected), sent_n or 0.0) / float(seconds)
    if achieved:
        steady_rate = min(steady_rate, achieved)
    steady_per_million = steady / steady_rate * 1e6 if steady and steady_rate else None
    # What the runner writes and the tools do not (run.json with every histogram, .hgrm, CSV, XLSX,
    # charts) costs what the runner says it did; the whole process without it is the rest.
    results_cpu = number(os.environ.get("RESULTS_CPU", "")) or 0.0
    net_per_million = ((cpu - results_cpu) / sent_n * 1e6
                       if cpu is not None and sent_n else None)
    with open(results, "a") as f:
        for key, value in (("cpu", cpu), ("user", user), ("sys", system), ("sent", sent_n),
                           ("received", received_n), ("per_million", per_million),
                           ("rss", sum(rss) if rss else None), ("jvms", jvms),
                           ("steady_per_million", steady_per_million),
                           ("net_per_million", net_per_million),
                           ("results_cpu", results_cpu),
                           ("held", 1 if held else 0)):
            f.write("%s %s %s %s\n" % (r, side, key, "nan" if value is None else repr(value)))
    jvm_text = "%d JVM%s" % (jvms, "" if jvms == 1 else "s")
    if len(usage_paths) == 1 and jvms == 1 and not extra:
        jvm_text += " (no child process)"
    print(
        "round %s %s: %s CPU-s (user %s, sys %s) = %s CPU-s per million sent%s, steady state %s;"
        " sent %s (%s msgs/s over %s%s), received %s msgs; %ss wall; max RSS %s MiB; %s%s;"
        " exit %s%s"
        % (r, label, fmt(cpu, "{:.2f}"), fmt(user, "{:.2f}"), fmt(system, "{:.2f}"),
           fmt(per_million, "{:.2f}"),
           (" (%s without writing its results, %.2f CPU-s)" % (fmt(net_per_million, "{:.2f}"),
                                                             results_cpu)) if results_cpu else "",
           fmt(steady_per_million, "{:.2f}"), fmt(sent_n), fmt(rate),
           over,
           "" if held else ", RATE NOT HELD", fmt(received_n), fmt(wall, "{:.1f}"),
           " + ".join("%.0f" % m for m in rss) or "-", jvm_text,
           "; " + "; ".join(extra) if extra else "", "/".join(codes), "; " + note if note else "")
    )
    if per_million is None:
        sys.exit(1)


def summary(results, native, series_rounds=None):
    values = {}
    rounds = []
    with open(results) as f:
        for line in f:
            parts = line.split()
            if len(parts) != 4:
                continue
            r = int(parts[0])
            if r not in rounds:
                rounds.append(r)
            values[(r, parts[1], parts[2])] = number(parts[3])
    print("== result: %d rounds, CPU-seconds per million messages sent, runner / %s"
          " (ratios below 1: the runner used less CPU) ==" % (len(rounds), native))
    # A side that did not hold the rate spread its fixed costs over fewer messages: its round is
    # not comparable, so it is shown (marked *) but left out of the medians, unless no round held.
    held_both = [r for r in rounds
                 if all(values.get((r, side, "held")) != 0 for side in ("native", "runner"))]
    counted = held_both or rounds
    if len(counted) < len(rounds):
        of = " of the %d rounds where both sides held the rate" % len(counted)
    elif rounds and not held_both:
        of = " of all rounds (none held the rate on both sides)"
    else:
        of = ""

    def medians(key, among=None):
        out = []
        for side in ("native", "runner"):
            v = [values.get((r, side, key)) for r in (among or counted)]
            v = [x for x in v if x is not None]
            out.append(statistics.median(v) if v else None)
        return out

    for key, title, pattern in (("per_million", "CPU-s per million sent", "{:.2f}"),
                                ("net_per_million",
                                 "without writing results (the runner's whole process less the"
                                 " CPU it says writing its results took), CPU-s per million sent",
                                 "{:.2f}"),
                                ("steady_per_million",
                                 "steady state (%gs after the start to %gs before the end),"
                                 " CPU-s per million at the rate" % (STEADY_FROM, STEADY_BEFORE),
                                 "{:.2f}"),
                                ("cpu", "CPU-s per run", "{:.2f}")):
        ratios, per_round = [], []
        for r in rounds:
            a, b = values.get((r, "runner", key)), values.get((r, "native", key))
            if a is None or b is None or b == 0:
                per_round.append("-")
            else:
                if r in counted:
                    ratios.append(a / b)
                per_round.append("%.2f%s" % (a / b, "" if r in counted else "*"))
        n, m = medians(key)
        print("%s: per-round ratios %s, median %s%s (medians: %s %s, runner %s)"
              % (title, " ".join(per_round), "%.2f" % statistics.median(ratios) if ratios else "-",
                 of, native, fmt(n, pattern), fmt(m, pattern)))
    for key, title in (("sent", "messages sent"), ("received", "messages received"),
                       ("rss", "max RSS MiB (a side's JVMs added)")):
        n, m = medians(key, rounds)
        print("%s, medians: %s %s, runner %s" % (title, native, fmt(n), fmt(m)))
    results_cpu = medians("results_cpu", rounds)[1]
    if results_cpu:
        print("the runner's writing of its results, median %s CPU-s a run" % fmt(results_cpu, "{:.2f}"))
    if series_rounds and len(rounds) > series_rounds:
        series_spread(values, rounds, counted, series_rounds)
    missed = ["round %d %s" % (r, native if side == "native" else side) for r in rounds
              for side in ("native", "runner") if values.get((r, side, "held")) == 0]
    if missed:
        print("RATE NOT HELD (sent under %d %% of rate x seconds, or at under %d %% of the rate"
              " over its own sending time; such a side's fixed costs are divided by another number"
              " of messages than a side that held it, so its figure is not comparable; its round's"
              " ratios are marked * and left out of the medians): %s"
              % (HELD * 100, HELD * 100, ", ".join(missed)))
    else:
        print("rate held: every side of every round sent at least %d %% of rate x seconds, at at"
              " least %d %% of the rate" % (HELD * 100, HELD * 100))


def series_spread(values, rounds, counted, size):
    """Each series' median ratio, the median of those and their spread: a figure one series gives
    can move by more than a round's noise between series on a shared host."""
    series = [rounds[i:i + size] for i in range(0, len(rounds), size)]
    for key, title in (("per_million", "whole process"),
                       ("net_per_million", "without writing results"),
                       ("steady_per_million", "steady state")):
        medians = []
        for block in series:
            ratios = [values[(r, "runner", key)] / values[(r, "native", key)] for r in block
                      if r in counted and values.get((r, "runner", key)) is not None
                      and values.get((r, "native", key))]
            if ratios:
                medians.append(statistics.median(ratios))
        if medians:
            print("across %d series of %d rounds, %s: series medians %s, median %.2f, spread %.2f"
                  " to %.2f" % (len(series), size, title, " ".join("%.2f" % m for m in medians),
                               statistics.median(medians), min(medians), max(medians)))
    loads = [values.get((r, "host", "load1")) for r in rounds]
    loads = [x for x in loads if x is not None]
    if loads:
        print("host load average (1 min) at the rounds' starts: %.2f to %.2f, median %.2f"
              % (min(loads), max(loads), statistics.median(loads)))


def main(argv):
    command, args = argv[1], argv[2:]
    if command == "run":
        sys.exit(run(args[0], args[1:]))
    elif command == "runner-messages":
        runner_messages(args[0])
    elif command == "perftest-messages":
        perftest_messages(args[0])
    elif command == "producer-messages":
        producer_messages(args[0])
    elif command == "consumer-messages":
        consumer_messages(args[0])
    elif command == "artemis-messages":
        artemis_messages(args[0])
    elif command == "record":
        record(*args[:9], args[9:])
    elif command == "summary":
        summary(args[0], args[1], int(args[2]) if len(args) > 2 else None)
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main(sys.argv)
