package lab.fleet;

/**
 * One worker's answer to a switch, the lab's own or an attached one alike: it acknowledged, so many milliseconds
 * after the switch was asked (it answers only once its new guard is open), or it did not, with the line that says
 * why and names it.
 */
public sealed interface SwitchAnswer {
    record Acknowledged(long millis) implements SwitchAnswer {}

    /** @param line {@code w3 refused (503): w3 - cannot switch to redis: …; still in mode naive} */
    record Refused(String line) implements SwitchAnswer {}
}
