package io.mqbench.engine.local;

import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * What this sender measured up to one instant, copied: counts, histograms and bitmap agree with
 * each other.
 *
 * @param senderId the sender's global id
 * @param sent messages acknowledged
 * @param batches batches completed
 * @param lastAckNanos when the last batch completed (on the task's clock), or 0
 * @param serviceMicros per batch, send call to completion
 * @param responseMicros per batch, intended send time to completion
 * @param scheduleLagMicros per batch, intended send time to the send call
 * @param harnessLagMicros per batch, the harness's part of the schedule lag
 * @param acknowledged the sequence numbers acknowledged
 * @param sentBytes bytes of the messages acknowledged
 * @param minMessageBytes the smallest message acknowledged, 0 if none
 * @param maxMessageBytes the largest message acknowledged, 0 if none
 */
record SenderSnapshot(
    int senderId,
    long sent,
    long batches,
    long lastAckNanos,
    Histogram serviceMicros,
    Histogram responseMicros,
    Histogram scheduleLagMicros,
    Histogram harnessLagMicros,
    Roaring64NavigableMap acknowledged,
    long sentBytes,
    int minMessageBytes,
    int maxMessageBytes) {}
