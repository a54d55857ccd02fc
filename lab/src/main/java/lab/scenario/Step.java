package lab.scenario;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import lab.check.Figures;
import lab.protocol.Durations;
import lab.protocol.Knobs;
import lab.protocol.ModeChange;
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
                    + Stream.concat(
                                    expectations.stream().map(Expectation::toString),
                                    cause == null ? Stream.<String>empty() : Stream.of(cause.toString()))
                            .collect(Collectors.joining(", "));
        }
    }

    /** Switches every worker to new knobs; the values were checked when the file was read, so that it cannot fail. */
    record ChangeMode(int line, ModeChange change) implements Step {
        /** The spec in force after this step, given the one before it. */
        public ModeSpec applyTo(ModeSpec current) {
            return change.applyTo(current);
        }

        @Override
        public String describe() {
            List<ModeChange.Setting<?>> settings = change.settings();
            if (settings.size() == 1 && settings.get(0).knob() == Knobs.MODE) {
                return "mode " + settings.get(0).text();
            }
            return "mode " + change.describe();
        }
    }

    /**
     * Does one of the lab's faults ({@link lab.nemesis.Fault}) through its fault room: hurts a worker
     * ({@code kill: holder}, {@code pause: w2}: the holder is whoever holds the lock when the step runs, a worker id
     * is within the setup's workers), cuts a simulated host off from the lock servers or heals it
     * ({@code partition: host2}, {@code heal: holder}), stops or starts one of the servers the lab started itself
     * ({@code redis: stop}).
     */
    // The fault room's Fault by its full name: this step shares its simple name.
    record Fault(int line, lab.nemesis.Fault fault) implements Step {
        @Override
        public String describe() {
            return fault.describe();
        }
    }

    /** Names this moment, so that a later {@code expect} can judge from here on ({@code since: mark:<name>}). */
    record Mark(int line, String name) implements Step {
        @Override
        public String describe() {
            return "mark " + name;
        }
    }

    /**
     * Asks the room a question before a trap runs: the trainer takes its vote, and when the next {@code expect} is
     * judged the screen shows the room's answer beside the right one and what happened. It takes no time and never
     * moves a fault or a verdict, like a caption.
     *
     * @param answers by key, {@code a} to at most {@code d}, in order
     * @param answer the key of the right one
     */
    record Predict(int line, Caption question, Map<Character, Caption> answers, char answer) implements Step {
        public Predict {
            // In the order written: the box lists them so, and a to d are the keys the room votes with.
            answers = Collections.unmodifiableMap(new LinkedHashMap<>(answers));
        }

        @Override
        public String describe() {
            return "predict \"" + question + "\"";
        }
    }
}
