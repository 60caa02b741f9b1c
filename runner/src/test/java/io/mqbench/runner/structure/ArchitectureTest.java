package io.mqbench.runner.structure;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The structure of the main code, read from its compiled classes: packages form no cycle, and each
 * layer depends only downwards (core, engine, worker and results, runner).
 */
class ArchitectureTest {
  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    main =
        new ClassFileImporter()
            // Every module's main classes, from its folder in the reactor or its jar; no tests.
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(location -> !location.contains("-tests.jar"))
            .importPackages("io.mqbench");
  }

  @Test
  void everyModulesMainClassesAreRead() {
    for (String type :
        List.of(
            "io.mqbench.mq.Mq",
            "io.mqbench.broker.JavaLocalBroker",
            "io.mqbench.engine.run.Coordinator",
            "io.mqbench.worker.server.WorkerServer",
            "io.mqbench.results.RunResult",
            "io.mqbench.kafka.KafkaMqProvider",
            "io.mqbench.runner.cli.Main")) {
      assertThat(main.contain(type)).as(type).isTrue();
    }
    assertThat(main.contain("io.mqbench.engine.testing.TestSettings")).isFalse();
  }

  @Test
  void noPackageIsInACycle() {
    slices().matching("io.mqbench.(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void theCommandLineClassesDependOneWay() {
    slices()
        .assignedFrom(
            new SliceAssignment() {
              @Override
              public SliceIdentifier getIdentifierOf(JavaClass c) {
                return c.getPackageName().startsWith("io.mqbench.runner.cli")
                    ? SliceIdentifier.of(c.getName().replaceFirst("\\$.*", ""))
                    : SliceIdentifier.ignore();
              }

              @Override
              public String getDescription() {
                return "top-level classes of io.mqbench.runner.cli and its packages";
              }
            })
        .should()
        .beFreeOfCycles()
        .check(main);
  }

  /**
   * The command line's packages by role: the commands (and the planning of runs) on top; below them
   * where settings come from, what is printed on the terminal, and the process the command line
   * runs in, which knows none of the others.
   */
  @Test
  void theCommandLinesPackagesDependDownwards() {
    layeredArchitecture()
        .consideringOnlyDependenciesInAnyPackage("io.mqbench.runner.cli..")
        .layer("commands")
        .definedBy("io.mqbench.runner.cli")
        .layer("settings")
        .definedBy("io.mqbench.runner.cli.setting..")
        .layer("terminal")
        .definedBy("io.mqbench.runner.cli.terminal..")
        .layer("process")
        .definedBy("io.mqbench.runner.cli.process..")
        .whereLayer("commands")
        .mayNotBeAccessedByAnyLayer()
        .whereLayer("settings")
        .mayOnlyBeAccessedByLayers("commands")
        .whereLayer("terminal")
        .mayOnlyBeAccessedByLayers("commands")
        .whereLayer("process")
        .mayOnlyBeAccessedByLayers("commands", "terminal")
        .check(main);
  }

  @Test
  void theResultModelClassesDependOneWay() {
    slices()
        .assignedFrom(
            new SliceAssignment() {
              @Override
              public SliceIdentifier getIdentifierOf(JavaClass c) {
                // A generated builder (RunResultBuilder) belongs with its record.
                return c.getPackageName().equals("io.mqbench.results")
                    ? SliceIdentifier.of(
                        c.getName().replaceFirst("\\$.*", "").replaceFirst("Builder$", ""))
                    : SliceIdentifier.ignore();
              }

              @Override
              public String getDescription() {
                return "top-level classes of io.mqbench.results";
              }
            })
        .should()
        .beFreeOfCycles()
        .check(main);
  }

  @Test
  void theEngineKnowsNoWorkerResultsOrRunner() {
    noClasses()
        .that()
        .resideInAPackage("io.mqbench.engine..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.mqbench.worker..", "io.mqbench.results..", "io.mqbench.runner..")
        .check(main);
  }

  @Test
  void theContractKnowsNoLocalBrokerKit() {
    // mq-core is the contract every backend compiles against; processes live in mq-broker-kit.
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.mqbench.mq..",
            "io.mqbench.config..",
            "io.mqbench.envelope..",
            "io.mqbench.memory..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.mqbench.broker..")
        .check(main);
  }

  @Test
  void theLocalBrokerMachineryIsAModuleOfItsOwn() {
    // mq-core, which every backend compiles against, held the process toolkit too.
    List<JavaClass> kit =
        main.stream().filter(c -> c.getPackageName().startsWith("io.mqbench.broker")).toList();
    assertThat(kit).isNotEmpty();
    assertThat(kit)
        .filteredOn(
            c ->
                c.getSource()
                    .map(s -> !s.getUri().toString().contains("mq-broker-kit"))
                    .orElse(true))
        .extracting(JavaClass::getName)
        .as("io.mqbench.broker classes outside the mq-broker-kit module")
        .isEmpty();
  }

  @Test
  void theContractKnowsNoEngine() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.mqbench.mq..",
            "io.mqbench.config..",
            "io.mqbench.broker..",
            "io.mqbench.envelope..",
            "io.mqbench.memory..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.mqbench.engine..",
            "io.mqbench.worker..",
            "io.mqbench.results..",
            "io.mqbench.runner..")
        .check(main);
  }

  @Test
  void aRunsCoordinationSeesCellsOnlyThroughTheirContract() {
    noClasses()
        .that()
        .resideInAPackage("io.mqbench.engine.run..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.mqbench.engine.local..", "io.mqbench.engine.json..")
        .check(main);
  }

  @Test
  void theEnginesModelKnowsNeitherTheCoordinatorNorTheLocalCell() {
    noClasses()
        .that()
        .resideInAnyPackage("io.mqbench.engine", "io.mqbench.engine.measure..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.mqbench.engine.run..", "io.mqbench.engine.local..")
        .check(main);
  }

  @Test
  void theWorkersClientAndServerShareOnlyTheWireAndOnlyItsRoutesSpeakHttp() {
    // The coordinator's side (HttpCell, WorkerClient) and the worker's server meet in the wire.
    noClasses()
        .that()
        .resideInAPackage("io.mqbench.worker.wire..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.mqbench.worker", "io.mqbench.worker.server..")
        .check(main);
    noClasses()
        .that()
        .resideInAPackage("io.mqbench.worker")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.mqbench.worker.server..")
        .check(main);
    noClasses()
        .that()
        .resideInAPackage("io.mqbench.worker.server..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.mqbench.worker")
        .check(main);
    // The hosted cells and their limits know nothing of HTTP or of the routes above them.
    noClasses()
        .that()
        .resideInAPackage("io.mqbench.worker.server.hosting..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("com.sun.net.httpserver..", "io.mqbench.worker.server")
        .check(main);
  }
}
