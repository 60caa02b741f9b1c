# Shared by scripts/compare-*.sh (sourced, not run). Every comparison prints the same shape:
#
#   == fair comparison: <tool> against the mqbench runner ==
#   fair: <aspect>: <what both sides get>          (warm-up, measured, rates, client settings, ...)
#   command <side>: <the exact command line>        (one per tool; --plan stops here)
#   round N <side>: ...                             (rates of each run, and the runner's verdict)
#   == result: ... ==                               (per-round ratios, their median, median rates)
#
# The scripts finish whatever the runner's verdict is: a verdict other than ok is recorded beside
# the round's rates, never a reason to stop. They exit 1 only when a run gave no rates at all.

CMP_LIB="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

cmp_rates() { python3 "$CMP_LIB/compare_rates.py" "$@"; }

# The runner's status for its exit code (docs/results.md: the status table).
cmp_verdict() {
  local name
  case "$1" in
    0) name="ok" ;;
    1) name="failed" ;;
    2) name="bad input" ;;
    3) name="lost messages" ;;
    4) name="target not met" ;;
    5) name="receivers behind" ;;
    6) name="unsettled" ;;
    130 | 143) name="interrupted" ;;
    *) name="unknown status" ;;
  esac
  echo "$name (exit $1)"
}

cmp_fair() { printf 'fair: %s: %s\n' "$1" "$2"; }

# Prints a command line, a password in a URI as ****.
cmp_command() {
  local label="$1"
  shift
  echo "command $label: $*" | sed 's#\(://[^:/@ ]*\):[^@/ ]*@#\1:****@#g'
}

# "12345.6" -> "12,346"; anything else (nan, empty) -> "-"
cmp_int() { python3 -c 'import sys
try:
    v = float(sys.argv[1])
    print("-" if v != v else "{:,.0f}".format(v))
except ValueError:
    print("-")' "${1:-}"; }

# A duration below the minimum is allowed (tests, quick looks) but said on the first lines.
cmp_check_seconds() { # cmp_check_seconds MEASURED MINIMUM
  if [ "$1" -lt "$2" ]; then
    echo "WARNING: measured duration ${1}s is below ${2}s: not a fair comparison, only a quick look"
  fi
}

# The runner's side of a together-mode round (rabbitmq, artemis): runs runner_command for queue Q
# in round R, reads its rates over the measured window and records its verdict. Sets RATES and
# VERDICT.
cmp_runner_round() { # cmp_runner_round Q R
  local q="$1" r="$2" code=0 json
  runner_command "$q" "$WORK/runner-$r" "$WORK/mqbench.jar"
  "${CMD[@]}" >"$WORK/runner-$r.log" 2>&1 || code=$?
  json=$(find "$WORK/runner-$r" -name run.json 2>/dev/null | head -1)
  RATES=$(cmp_rates runner-window "$json" "$WARMUP" "$SECONDS_MEASURED" 2>/dev/null || echo "nan nan 0")
  VERDICT="$(cmp_verdict "$code")"
  echo "$r verdict $VERDICT" >>"$WORK/results"
}

# Ends a together-mode round of either side: deletes its queue (delete_queue), appends "ROUND
# native|runner sent|received RATE" to the results file and prints the round's line. A run that
# gave no rates sets FAILED; it never stops the script.
cmp_finish_round() { # cmp_finish_round TOOL R SIDE Q
  local tool="$1" r="$2" side="$3" q="$4" deleted sent received covered
  deleted="queue $q deleted"
  if delete_queue "$q"; then PENDING_QUEUE=; else deleted="queue $q NOT deleted"; fi
  read -r sent received covered <<<"$RATES"
  echo "$r $side sent $sent" >>"$WORK/results"
  echo "$r $side received $received" >>"$WORK/results"
  printf 'round %d %s: sent %s msgs/s, received %s msgs/s (%ss measured)%s; %s\n' "$r" "$tool" \
    "$(cmp_int "$sent")" "$(cmp_int "$received")" "$covered" "${VERDICT:+; verdict $VERDICT}" "$deleted"
  if [ "$sent" = nan ]; then
    echo "round $r $tool gave no rates; its output ends:" >&2
    tail -20 "$WORK/$tool-$r.log" >&2
    FAILED=1
  fi
}

# Raw outputs (each run's results folder, the tools' own outputs, logs) are kept after the
# comparison so that an odd round can be examined afterwards: in --keep DIR, or else in a fresh
# folder under $TMPDIR; the script's last line says where. Only what can be had again is removed
# at the end (the copy of the runner jar, a broker distribution).

# Refuses a --keep folder that already holds files: rounds of two comparisons would mix.
cmp_check_keep() { # cmp_check_keep DIR (empty: none given)
  [ -n "$1" ] || return 0
  if [ -e "$1" ] && { [ ! -d "$1" ] || [ -n "$(ls -A "$1")" ]; }; then
    echo "--keep $1 is not empty: give a new or empty folder for this comparison's raw outputs" >&2
    exit 2
  fi
}

# Makes WORK, the folder of the comparison's raw outputs: DIR when given, else a fresh one.
cmp_work() { # cmp_work NAME DIR
  if [ -n "$2" ]; then
    cmp_check_keep "$2"
    mkdir -p "$2"
    WORK="$(cd "$2" && pwd)"
  else
    WORK="$(mktemp -d -t "mqbench-compare-$1.XXXXXX")"
  fi
}

# At the end (the scripts' EXIT trap): removes the named paths under WORK that can be had again,
# and says where the rest is, as the last line.
cmp_keep() { # cmp_keep PATH...
  local p
  for p in "$@"; do rm -rf "${WORK:?}/$p"; done
  echo "raw outputs kept in $WORK"
}

# A side counted by the server (postgres, redis): samples COUNTER, a command printing the server's
# count, at WARMUP and at TOTAL seconds after the side's process started (STARTED, epoch ns), and
# appends "R SIDE sent RATE" to the results file. Sets RATE.
cmp_server_count() { # cmp_server_count R SIDE STARTED COUNTER
  local a b
  cmp_sleep_until "$3" "$WARMUP"; a="$($4)"
  cmp_sleep_until "$3" "$TOTAL"; b="$($4)"
  RATE=$(python3 -c "print('%.1f' % (($b - $a) / $SECONDS_MEASURED))")
  echo "$1 $2 sent $RATE" >>"$WORK/results"
}
cmp_sleep_until() { # cmp_sleep_until STARTED_NS SECONDS
  python3 -c 'import sys, time; t = int(sys.argv[1]) / 1e9 + float(sys.argv[2]); time.sleep(max(0, t - time.time()))' "$1" "$2"
}
