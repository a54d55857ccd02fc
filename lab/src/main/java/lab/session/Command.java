package lab.session;

/**
 * What the trainer asked for with one key. It lives here, not in the terminal package, so that a scenario
 * replaying key presses and the live model that obeys them need not know the terminal.
 */
public sealed interface Command permits SwitchMode, SetKnob, Vote, Action {}
