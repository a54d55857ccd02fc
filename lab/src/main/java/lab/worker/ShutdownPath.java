package lab.worker;

import lab.protocol.GivenBack;
import lab.protocol.Knobs;

/**
 * What a worker does when it is told to stop (SIGTERM, its launcher gone), the same whether the launcher forked it or
 * it attached from elsewhere: with release-on-shutdown off it leaves as a process whose shutdown path never ran
 * (as after a kill -9, or a shutdown that never reaches the release), else it gives back what it holds first and
 * then stops the rest.
 */
final class ShutdownPath {
    private ShutdownPath() {}

    /**
     * The shutdown hook of worker {@code w}. {@code beforeHalt} runs just before a halt without release (an attached
     * worker says goodbye there); {@code last} runs after everything stopped (the runs finished meanwhile are
     * reported before an attached worker's goodbye).
     */
    static Thread hook(
            String w,
            TickRunner runner,
            ScheduleSlot scheduler,
            CounterJob job,
            HttpApi http,
            EventOut out,
            Runnable beforeHalt,
            Runnable last) {
        return new Thread(
                () -> {
                    if (!runner.spec().get(Knobs.RELEASE_ON_SHUTDOWN)) {
                        // No job finishes, nothing is released: a lock that expires outlives us until its TTL.
                        out.emit(
                                null,
                                runner.spec().mode().cliName(),
                                w + " - stopping without the release path (release-on-shutdown off):"
                                        + " whatever it holds stays until it expires",
                                GivenBack.Error.UNSAID);
                        beforeHalt.run();
                        Runtime.getRuntime().halt(143);
                    }
                    // Release first: a run holding its lock past the job is woken and gives it back now.
                    runner.shutdownRelease();
                    scheduler.shutdown();
                    runner.close();
                    job.close();
                    http.stop();
                    last.run();
                },
                w + "-shutdown");
    }
}
