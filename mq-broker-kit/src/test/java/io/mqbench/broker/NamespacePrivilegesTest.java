package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Whether this process may make network namespaces, read off its status; no root needed. */
class NamespacePrivilegesTest {
  @Test
  void namespacesTakeNetAdminAndSysAdminAndARefusalSaysWhoLacksThem() {
    assertThat(
            NamespacePrivileges.missingCapabilities(
                "Name:\tjava\nUid:\t0\t0\t0\t0\nCapEff:\t000001ffffffffff\n"))
        .isEmpty();
    assertThat(
            NamespacePrivileges.missingCapabilities(
                "Uid:\t0\t0\t0\t0\nCapEff:\tffffffffffffffff\n"))
        .as("every bit set, beyond a long's sign")
        .isEmpty();
    assertThat(
            NamespacePrivileges.missingCapabilities(
                "Uid:\t1000\t1000\t1000\t1000\nCapEff:\t0000000000000000\n"))
        .contains(
            "this process runs as uid 1000, not root: making network namespaces takes root"
                + " (CAP_NET_ADMIN and CAP_SYS_ADMIN)");
    // A container's root: CAP_SYS_ADMIN (bit 21) without CAP_NET_ADMIN (bit 12).
    assertThat(
            NamespacePrivileges.missingCapabilities(
                "Uid:\t0\t0\t0\t0\nCapEff:\t" + Long.toHexString(1L << 21) + "\n"))
        .hasValueSatisfying(why -> assertThat(why).startsWith("this process is root but lacks"));
  }
}
