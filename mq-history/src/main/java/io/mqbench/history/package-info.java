/**
 * The history of stored runs: series, change points, the regression gate, and their table and page.
 * Pure logic over {@link io.mqbench.store.StoredRun}s; the store reads them, the CLI prints.
 *
 * <p>The calls, in order:
 *
 * <pre>{@code
 * HistoryOptions o = HistoryOptions.defaults().withAllHosts(false);
 * List<Series> series = History.of(runs, o);                          // series and change points
 * List<Series> chosen = series.stream().filter(s -> s.matches("kafka")).toList();
 * GateResult gate = Gate.check(chosen, o, GateOptions.of(10));         // newest batch vs baseline
 * HistoryTable.print(chosen, gate, System.out);                        // gate may be null
 * HistoryPage.write(new HistoryPage.Header(store, "kafka"), chosen, gate, Path.of("history.html"));
 * int exit = switch (gate.outcome()) { case REGRESSED -> 7; case INCONCLUSIVE -> 8; case PASSED -> 0; };
 * }</pre>
 *
 * <p><b>Series.</b> Runs of one workload (its settings' hash) on one queue and one host make a
 * series; asked for all hosts, one per workload and queue. A batch (the repetitions of one
 * invocation) is one point of a trend: its runs are shown, its median joined.
 *
 * <p><b>Change points.</b> Per figure, circular binary segmentation: in a segment, every stretch of
 * whole batches is compared with the rest by a t statistic over the runs (variance pooled; at least
 * two runs a side; a shift of at least the minimum effect, 5 % by default). A stretch at an end is
 * a step; one inside is a level that moved and came back, which a single split misses. The largest
 * statistic is judged against those of random orders of the segment's whole batches (a permutation
 * test of the maximum, 999 orders, seeded), so choosing the best of many stretches is paid for;
 * whole batches are permuted because runs of one invocation share its conditions. A single batch
 * that differs is an outlier, not a change: it is as extreme wherever it stands. Each change says
 * where, the medians and the change of the mean with its 95 % interval (Welch's), the p-value, and
 * what moved: the values most runs had before and after (mqbench version and commit, client and
 * broker versions, backend keys, durability, cluster, and the host when all hosts are shown). On
 * independent noise the test names a change in at most about 5 % of series at a minimum effect of
 * 0, and far fewer at 5 %.
 *
 * <p><b>The gate.</b> The newest batch is the candidate; the baseline is the earlier runs since the
 * figure's last change point among them, at most ten. Each figure is judged as {@code mqbench
 * compare} judges ({@link io.mqbench.results.compare.FigureComparison}): regressed when some figure
 * is worse beyond the threshold at 95 % or a candidate run failed where the baseline passed;
 * inconclusive when nothing regressed but an interval was too wide or a side had a single run;
 * passed otherwise.
 */
package io.mqbench.history;
