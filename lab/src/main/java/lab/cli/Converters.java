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
