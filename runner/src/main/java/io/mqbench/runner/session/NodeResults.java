package io.mqbench.runner.session;

import io.mqbench.results.NodeResult;
import io.mqbench.results.Totals;
import io.mqbench.worker.HttpCell;
import io.mqbench.worker.NodeLayout;
import java.util.ArrayList;
import java.util.List;

/** What each worker node did in a run, from the run's placement and its finished cells. */
final class NodeResults {
  private NodeResults() {}

  /**
   * @param layout the run's placement
   * @param cells its cells, in node order, finished
   * @param totals the run's totals
   * @return one result per node
   */
  static List<NodeResult> of(NodeLayout layout, List<HttpCell> cells, Totals totals) {
    List<NodeResult> nodes = new ArrayList<>();
    List<NodeLayout.Part> parts = layout.parts();
    for (int i = 0; i < parts.size(); i++) {
      NodeLayout.Part part = parts.get(i);
      HttpCell cell = cells.get(i);
      nodes.add(
          NodeResult.of(
              part.address().toString(),
              part.roles(),
              part.senders(),
              part.receivers(),
              cell.report(),
              cell.clockOffset().offsetNanos(),
              cell.clockOffset().uncertaintyNanos(),
              totals));
    }
    return nodes;
  }
}
