package lab.session;

import lab.protocol.Mode;

/** Keys {@code 1}..{@code 4}: every worker builds the Guard of {@code mode}. */
public record SwitchMode(Mode mode) implements Command {}
