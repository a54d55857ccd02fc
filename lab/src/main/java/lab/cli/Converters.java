package lab.cli;

import java.time.Duration;
import lab.launcher.LabSettings;
import lab.protocol.Durations;
import lab.protocol.Mode;
import picocli.CommandLine;

/** The run options' types that picocli does not know: a duration as a trainer types it, a scheduled switch. */
final class Converters {
    private Converters() {}

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Durations.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code w2=+3s}: a worker id, and its clock's offset from the machine's. */
    static final class SkewConverter implements CommandLine.ITypeConverter<LabSettings.Skew> {
        @Override
        public LabSettings.Skew convert(String value) {
            int eq = value.indexOf('=');
            String worker = eq < 0 ? "" : value.substring(0, eq).strip();
            if (!worker.matches("w[1-9][0-9]*")) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not WORKER=OFFSET (expected e.g. w2=+3s, w3=-500ms)");
            }
            try {
                return new LabSettings.Skew(worker, Durations.parseSigned(value.substring(eq + 1)));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class SwitchConverter implements CommandLine.ITypeConverter<LabSettings.Switch> {
        @Override
        public LabSettings.Switch convert(String value) {
            int eq = value.indexOf('=');
            if (eq < 0) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not AT=MODE (expected e.g. 6s=redis,12s=postgres)");
            }
            try {
                return new LabSettings.Switch(
                        Durations.parse(value.substring(0, eq)), Mode.parse(value.substring(eq + 1)));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
