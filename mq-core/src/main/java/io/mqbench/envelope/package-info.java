/**
 * The binary envelope every benchmark message starts with (run, sender, sequence, intended send
 * time), and the maker of exact-size bodies with incompressible padding.
 */
package io.mqbench.envelope;
