package lab.scenario;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import lab.check.Figures;
import lab.protocol.Durations;
import lab.protocol.ModeSpec;

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
    record Say(int line, String text) implements Step {
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

    /** Checks figures of the counter table over the span that begins at {@code since} and ends now. */
    record Expect(int line, Since since, List<Expectation> expectations) implements Step {
        public Expect {
            expectations = List.copyOf(expectations);
        }

        /** One verdict per expectation, in the order written. */
        public List<Verdict> judge(Figures f) {
            return expectations.stream().map(e -> e.judge(f)).toList();
        }

        @Override
        public String describe() {
            return "expect since " + since + ": "
                    + expectations.stream().map(Expectation::toString).collect(Collectors.joining(", "));
        }
    }

    /**
     * Switches every worker to new knobs ({@code mode}, {@code task-time}, {@code lock-ttl}, {@code release},
     * {@code pg-lock}, {@code recheck}); the values are already checked, in their canonical text form
     * ({@code 1s}, {@code on}), so that {@link #applyTo} cannot fail.
     */
    record SwitchMode(int line, Map<String, Object> knobs) implements Step {
        public SwitchMode {
            knobs = Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
        }

        /** The spec in force after this step, given the one before it. */
        public ModeSpec applyTo(ModeSpec current) {
            return current.merge(knobs);
        }

        @Override
        public String describe() {
            if (knobs.size() == 1 && knobs.containsKey("mode")) {
                return "mode " + knobs.get("mode");
            }
            return "mode "
                    + knobs.entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining(" "));
        }
    }

    /**
     * Hurts one worker: {@code target} is {@code holder} (whoever holds the lock when the step runs) or a worker id
     * {@code w1}..{@code wN} within the setup's workers.
     */
    record Fault(int line, Kind kind, String target) implements Step {
        public enum Kind {
            /** kill -9: no clean-up, no release. */
            KILL,
            /** SIGSTOP: alive, holding whatever it held, doing nothing. */
            PAUSE,
            /** SIGCONT after a pause. */
            RESUME,
            /** A fresh worker JVM under the same id. */
            RESTART;

            public String key() {
                return name().toLowerCase(Locale.ROOT);
            }
        }

        public boolean targetsHolder() {
            return HOLDER.equals(target);
        }

        @Override
        public String describe() {
            return kind.key() + " " + target;
        }
    }

    /** Stops or starts one of the servers the lab started itself. */
    record Server(int line, Name name, Action action) implements Step {
        public enum Name {
            REDIS,
            POSTGRES;

            public String key() {
                return name().toLowerCase(Locale.ROOT);
            }
        }

        public enum Action {
            STOP,
            START;

            public String key() {
                return name().toLowerCase(Locale.ROOT);
            }
        }

        @Override
        public String describe() {
            return name.key() + " " + action.key();
        }
    }

    /** Names this moment, so that a later {@code expect} can judge from here on ({@code since: mark:<name>}). */
    record Mark(int line, String name) implements Step {
        @Override
        public String describe() {
            return "mark " + name;
        }
    }

    /** The fault target that means "whoever holds the lock now". */
    String HOLDER = "holder";
}
