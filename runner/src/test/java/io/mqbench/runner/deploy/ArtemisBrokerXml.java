package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * An Artemis broker's replication and journal, read from the broker.xml a local node is given, or
 * from the {@code artemis create} arguments a compose service starts with, in one form to compare.
 */
final class ArtemisBrokerXml {
  /** The broker.xml settings of an Artemis journal compared. */
  static final List<String> JOURNAL =
      List.of(
          "journal-type",
          "journal-datasync",
          "journal-sync-transactional",
          "journal-sync-non-transactional");

  private ArtemisBrokerXml() {}

  /** A broker.xml's {@code <core>}. */
  static Element core(String brokerXml) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Document doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(brokerXml)));
    return (Element) doc.getElementsByTagNameNS("*", "core").item(0);
  }

  /** The role under {@code ha-policy/replication}: primary or backup; fails for another policy. */
  static String replicationRole(Element core) {
    NodeList replication = core.getElementsByTagNameNS("*", "replication");
    assertThat(replication.getLength()).as("ha-policy replication").isEqualTo(1);
    NodeList children = replication.item(0).getChildNodes();
    for (int i = 0; i < children.getLength(); i++) {
      if (children.item(i) instanceof Element role) {
        return role.getLocalName();
      }
    }
    throw new AssertionError("ha-policy replication names no role");
  }

  /** A broker.xml's journal type and sync settings, those it leaves unset as null. */
  static Map<String, String> journal(Element core) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : JOURNAL) {
      NodeList e = core.getElementsByTagNameNS("*", name);
      out.put(name, e.getLength() == 0 ? null : e.item(0).getTextContent().trim());
    }
    return out;
  }

  /**
   * The journal type and sync settings {@code artemis create} writes with these arguments (Artemis
   * 2.41.0, the image's release: Create.java and its etc/broker.xml template). Its broker.xml sets
   * journal-type from --nio, --aio or --mapped (without one, whatever the create-time probe picks:
   * AIO where libaio works, so one must be given) and journal-datasync to false with --no-fsync,
   * else true; it leaves journal-sync-transactional and -non-transactional unset, whose defaults
   * (ActiveMQDefaultConfiguration) are true, and there is no create flag for them.
   */
  static Map<String, String> created(List<String> args) {
    Map<String, String> types = Map.of("--nio", "NIO", "--aio", "ASYNCIO", "--mapped", "MAPPED");
    List<String> given = types.keySet().stream().filter(args::contains).toList();
    assertThat(given).as("artemis create's journal type flag").hasSize(1);
    Map<String, String> out = new LinkedHashMap<>();
    out.put("journal-type", types.get(given.get(0)));
    out.put("journal-datasync", String.valueOf(!args.contains("--no-fsync")));
    out.put("journal-sync-transactional", "true");
    out.put("journal-sync-non-transactional", "true");
    return out;
  }
}
