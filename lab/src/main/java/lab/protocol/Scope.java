package lab.protocol;

/** Where a knob may be set. */
public enum Scope {
    /** Live: the command line, {@code PUT /mode}, a scenario's setup and its mode steps. */
    LIVE,
    /** Set up only: the command line and a scenario's setup; fixed while the lab runs. */
    SETUP,
    /** The command line only: how this machine runs the lab, not what a lesson shows. */
    COMMAND_LINE;

    /** Whether a scenario's setup may set it. */
    public boolean inSetup() {
        return this != COMMAND_LINE;
    }

    /** Whether it may change while the lab runs. */
    public boolean live() {
        return this == LIVE;
    }

    /** Where it may be set, for a refusal that says so. */
    public String where() {
        return switch (this) {
            case LIVE -> "live";
            case SETUP -> "set up only: on the command line or in a scenario's setup";
            case COMMAND_LINE -> "on the command line only";
        };
    }
}
