package io.mqbench.runner.cli.setting;

/**
 * One setting's value and where it came from.
 *
 * @param name the option's camelCase name ({@code receiverIdle})
 * @param value the value as given, text; {@code ""} for a flag given as {@code -DdryRun}
 * @param source the source that gave it
 * @param origin how the user wrote it, for messages: {@code --receiver-idle}, {@code
 *     -DreceiverIdle}, {@code MQBENCH_RECEIVER_IDLE}, {@code scenario}, {@code preset}...
 */
public record Setting(String name, String value, Source source, String origin) {}
