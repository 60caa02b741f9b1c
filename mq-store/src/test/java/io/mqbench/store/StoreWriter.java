package io.mqbench.store;

/**
 * A process of its own that records runs into a store as fast as it can, printing each id once it
 * is committed: what the tests kill, or run two of at once.
 */
public final class StoreWriter {
  private StoreWriter() {}

  /**
   * @param args the store's file, a prefix for the run ids, how many runs to record
   */
  public static void main(String[] args) {
    ResultsStore store = ResultsStore.open(StoreLocation.parse(args[0]));
    int count = Integer.parseInt(args[2]);
    StoredRun.Batch batch = new StoredRun.Batch(args[1], "run", "memory");
    for (int i = 0; i < count; i++) {
      String id = args[1] + "-" + i;
      store.record(StoreFixtures.run(id, i), batch, "results/" + id, "{\"runId\":\"" + id + "\"}");
      System.out.println(id);
      System.out.flush();
    }
  }
}
