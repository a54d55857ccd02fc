package lab.soak;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import lab.session.FaultKind;
import lab.session.LabControl;
import lab.session.ServerName;
import lab.session.WorkerTarget;

/**
 * Injects one planned fault through the same controls a scenario's steps and the dashboard's keys use, and undoes
 * it: nothing here reaches a process or a server but through {@link LabControl}.
 */
final class FaultInjector {
    private final LabControl lab;

    FaultInjector(LabControl lab) {
        this.lab = lab;
    }

    InjectedFault inject(PlannedFault fault) throws InterruptedException {
        List<String> lines = new ArrayList<>();
        Instant started = lab.clock().instant();
        String last =
                switch (fault.kind()) {
                    case KILL -> {
                        WorkerTarget w = WorkerTarget.of(fault.target());
                        lines.add(lab.fault(FaultKind.KILL, w));
                        yield add(lines, lab.fault(FaultKind.RESTART, w));
                    }
                    case PAUSE -> {
                        WorkerTarget w = WorkerTarget.of(fault.target());
                        lines.add(lab.fault(FaultKind.PAUSE, w));
                        sleep(SoakSettings.PAUSE);
                        yield add(lines, lab.fault(FaultKind.RESUME, w));
                    }
                    case REDIS_STOP -> {
                        lines.add(lab.server(ServerName.REDIS, false));
                        sleep(SoakSettings.REDIS_DOWN);
                        yield add(lines, lab.server(ServerName.REDIS, true));
                    }
                    case POSTGRES_RESTART -> {
                        lines.add(lab.server(ServerName.POSTGRES, false));
                        yield add(lines, lab.server(ServerName.POSTGRES, true));
                    }
                };
        return new InjectedFault(fault, started, lab.clock().instant(), lines, healed(fault.kind(), last));
    }

    private static String add(List<String> lines, String line) {
        lines.add(line);
        return line;
    }

    /** What the undoing step says when it worked (the lines of {@code Faults} and {@code ServerToggle}). */
    private static boolean healed(SoakFault kind, String line) {
        return switch (kind) {
            case KILL -> line.startsWith("restarted ");
            case PAUSE -> line.startsWith("SIGCONT ") && !line.contains("did not take mode");
            case REDIS_STOP, POSTGRES_RESTART -> line.contains(" started again at ")
                    && !line.contains("fencing counter not restored");
        };
    }

    private static void sleep(Duration d) throws InterruptedException {
        Thread.sleep(d.toMillis());
    }
}
