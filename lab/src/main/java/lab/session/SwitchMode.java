package lab.session;

import lab.protocol.Mode;

/** A mode's key ({@code 1}..{@code 0}, as its declaration gives it): every worker builds the Guard of {@code mode}. */
public record SwitchMode(Mode mode) implements Command {}
