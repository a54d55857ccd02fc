package lab.suite;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Writes every skip of the build into the ledger ({@code target/skipped-tests.txt}) with its reason: the tests and
 * classes that were aborted by an assumption, and those a condition turned off ({@code @EnabledIf}, {@code
 * @Disabled}). A condition's skip cannot be made to fail (JUnit runs no extension for a disabled test), so under
 * {@code CI=true} one that {@code allowed-skips.txt} does not allow is marked {@code NOT ALLOWED}, and {@code .ci/run}
 * fails on it. Registered through META-INF/services, so the launcher of surefire and failsafe alike loads it.
 */
public final class SkipRecorder implements TestExecutionListener {
    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        name(id).ifPresent(test -> SkipLedger.record(SkipLedger.line(test, reason, false)));
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (result.getStatus() != TestExecutionResult.Status.ABORTED) {
            return;
        }
        String reason = result.getThrowable().map(Throwable::getMessage).orElse("no reason given");
        name(id).ifPresent(test -> SkipLedger.record(SkipLedger.line(test, reason, false)));
    }

    /** {@code class#method [invocation]} or {@code class}; empty for the engine's own nodes. */
    private static java.util.Optional<String> name(TestIdentifier id) {
        TestSource source = id.getSource().orElse(null);
        if (source instanceof MethodSource m) {
            String test = m.getClassName() + "#" + m.getMethodName();
            boolean invocation = !id.getDisplayName().startsWith(m.getMethodName() + "(");
            return java.util.Optional.of(invocation ? test + " [" + id.getDisplayName() + "]" : test);
        }
        if (source instanceof ClassSource c) {
            return java.util.Optional.of(c.getClassName());
        }
        return java.util.Optional.empty();
    }
}
