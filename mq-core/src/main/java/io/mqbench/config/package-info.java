/**
 * Typed, strict configuration of backends: each key declares its type, default, unit and
 * description; unknown keys and malformed values are rejected with a message naming the key.
 */
package io.mqbench.config;
