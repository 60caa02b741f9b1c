package io.mqbench.runner;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class whose runs must have the host to themselves: it needs verdicts that a test running
 * beside it in the other test JVM would truly turn into host-limited, or a fault's recovery judged
 * against the rate before the fault, which such a test would change midway. The build runs these
 * after the others, one at a time (runner/pom.xml, for surefire and failsafe alike).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("alone")
public @interface RunsAlone {}
