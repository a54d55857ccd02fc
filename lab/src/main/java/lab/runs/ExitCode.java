package lab.runs;

/**
 * What a run of the lab ends with, for the shell: 0 the run finished (whatever the counts say, outside scenarios),
 * 1 a scenario expectation failed, 2 bad input (nothing was started), 3 the lab could not start what the run needs
 * (a worker or a server) or its dashboard broke down.
 */
public final class ExitCode {
    public static final int FINISHED = 0;
    public static final int EXPECTATION_FAILED = 1;
    public static final int BAD_INPUT = 2;
    public static final int START_FAILED = 3;

    private ExitCode() {}
}
