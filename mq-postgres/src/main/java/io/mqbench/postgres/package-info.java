/**
 * The {@code postgres} backend: a PostgreSQL table used as a queue through the JDBC driver, and a
 * private PostgreSQL server as its local broker.
 */
package io.mqbench.postgres;
