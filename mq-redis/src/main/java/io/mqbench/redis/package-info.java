/**
 * The {@code redis} backend: Redis Streams used as a queue through Lettuce, and a private {@code
 * redis-server} as its local broker.
 */
package io.mqbench.redis;
