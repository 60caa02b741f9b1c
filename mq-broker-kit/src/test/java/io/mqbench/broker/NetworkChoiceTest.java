package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The choice of a subnet 10.213.X.0/24, read off what {@code ip} prints; no root needed. */
class NetworkChoiceTest {
  @Test
  void aSubnetOverlappedByAnAddressOrARouteOfSixteenBitsOrNarrowerIsBusy() {
    String ip =
        String.join(
            "\n",
            "4: eth0    inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0\\",
            "9: mqb1a2b    inet 10.213.7.1/24 scope global mqb1a2b\\",
            "default via 192.0.2.1 dev eth0",
            "10.0.0.0/8 via 192.0.2.1 dev eth0",
            "10.213.40.0/22 dev wg0 scope link",
            "10.213.99.17 via 192.0.2.1 dev eth0",
            "local 127.0.0.1 dev lo table local proto kernel scope host src 127.0.0.1");

    assertThat(NetworkChoice.busySubnets(ip))
        .as("7 (an address), 40 to 43 (a /22), 99 (a host route); not every X for 10.0.0.0/8")
        .containsExactlyInAnyOrder(7, 40, 41, 42, 43, 99);
  }

  @Test
  void aRouteOfTheWhole16MakesEverySubnetBusy() {
    assertThat(NetworkChoice.busySubnets("10.213.0.0/16 dev tun0 scope link")).hasSize(256);
    assertThat(NetworkChoice.busySubnets("10.212.255.0/24 dev x\n10.214.0.0/24 dev y")).isEmpty();
  }
}
