package lab.scenario;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import lab.check.Figures;
import lab.protocol.Durations;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;
import lab.protocol.ModeSpec;
import lab.session.FaultKind;
import lab.session.ServerName;
import lab.session.WorkerTarget;

/**
 * One step of a scenario, in the order the file lists them; each knows the line it was written on, so that the
 * replay can say "step 4 (line 12)" and a verdict can point back at its source. {@link #describe()} is the step
 * as written, for the progress line and the headless log.
 */
public sealed interface Step {

    /** The line (from 1) where the step's item begins. */
    int line();

    /** The step as a learner would read it: {@code wait 5s}, {@code kill holder}, {@code redis stop}. */
    String describe();

    /** Shows a caption. */
    record Say(int line, Caption text) implements Step {
        @Override
        public String describe() {
            return "say \"" + text + "\"";
        }
    }

    /** Lets the lab run; {@code --speed K} divides this and nothing else. */
    record Wait(int line, Duration duration) implements Step {
        @Override
        public String describe() {
            return "wait " + Durations.format(duration);
        }
    }

    /**
     * Checks figures of the counter table over the span that begins at {@code since} and ends now, and, if
     * {@code cause} is not null, what the explainer says caused its duplicates, overlaps and missed ticks.
     */
    record Expect(int line, Since since, List<Expectation> expectations, CauseExpectation cause) implements Step {
        public Expect {
            expectations = List.copyOf(expectations);
        }

        public Expect(int line, Since since, List<Expectation> expectations) {
            this(line, since, expectations, null);
        }

        /** One verdict per expectation, in the order written. */
        /** One verdict per figure expectation (the cause is judged apart: it needs the recording). */
        public List<Verdict> judge(Figures f) {
            return expectations.stream().map(e -> e.judge(f)).toList();
        }

        @Override
        public String describe() {
            return "expect since " + since + ": "
                    + java.util.stream.Stream.concat(
                                    expectations.stream().map(Expectation::toString),
                                    cause == null
                                            ? java.util.stream.Stream.<String>empty()
                                            : java.util.stream.Stream.of(cause.toString()))
                            .collect(Collectors.joining(", "));
        }
    }

    /** Switches every worker to new knobs; the values were checked when the file was read, so that it cannot fail. */
    record ChangeMode(int line, ModeChange change) implements Step {
        /** The spec in force after this step, given the one before it. */
        public ModeSpec applyTo(ModeSpec current) {
            return change.applyTo(current);
        }

        /** The knobs it sets, by name, as text. */
        public Map<String, Object> knobs() {
            return change.toMap();
        }

        @Override
        public String describe() {
            Map<String, Object> knobs = knobs();
            if (knobs.size() == 1 && knobs.containsKey(Knobs.MODE.name())) {
                return "mode " + knobs.get(Knobs.MODE.name());
            }
            return "mode " + change.describe();
        }
    }

    /**
     * Hurts one worker: {@code target} is {@code holder} (whoever holds the lock when the step runs) or a worker id
     * {@code w1}..{@code wN} within the setup's workers.
     */
    record Fault(int line, FaultKind kind, WorkerTarget target) implements Step {
        @Override
        public String describe() {
            return kind + " " + target;
        }
    }

    /**
     * Cuts one simulated host off from the lock servers ({@code partition}), or heals it: {@code target} is a host
     * ({@code host2}) within the setup's hosts, or {@code holder}, the host of whoever holds the lock next.
     */
    record Network(int line, String target, boolean cut) implements Step {
        @Override
        public String describe() {
            return (cut ? "partition " : "heal ") + target;
        }
    }

    /** Stops or starts one of the servers the lab started itself. */
    record Server(int line, ServerName server, boolean start) implements Step {
        @Override
        public String describe() {
            return server + (start ? " start" : " stop");
        }
    }

    /** Names this moment, so that a later {@code expect} can judge from here on ({@code since: mark:<name>}). */
    record Mark(int line, String name) implements Step {
        @Override
        public String describe() {
            return "mark " + name;
        }
    }
}
