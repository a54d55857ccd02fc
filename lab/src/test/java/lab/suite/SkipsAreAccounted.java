package lab.suite;

import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.LifecycleMethodExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.TestAbortedException;

/**
 * Every test's skip by assumption ({@code assumeTrue}, {@code abort}: a {@link TestAbortedException} from the test or
 * its lifecycle methods) is checked against {@code allowed-skips.txt}; under {@code CI=true} one that is not on it
 * fails instead, naming the test and the reason it gave. Registered for every test by auto-detection
 * (junit-platform.properties), so no test can opt out. The ledger of skips is kept by {@link SkipRecorder}, which
 * also sees the skips of conditions ({@code @EnabledIf}, {@code @Disabled}): those never reach an extension.
 */
public final class SkipsAreAccounted
        implements TestExecutionExceptionHandler, LifecycleMethodExecutionExceptionHandler {
    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(context, t);
    }

    @Override
    public void handleBeforeAllMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(context, t);
    }

    @Override
    public void handleBeforeEachMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(context, t);
    }

    @Override
    public void handleAfterEachMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(context, t);
    }

    @Override
    public void handleAfterAllMethodExecutionException(ExtensionContext context, Throwable t) throws Throwable {
        throw judged(context, t);
    }

    /** The skip itself where it is allowed (or not under CI), else a failure that says which test skipped and why. */
    private static Throwable judged(ExtensionContext context, Throwable t) {
        if (!(t instanceof TestAbortedException) || !SkipLedger.underCi()) {
            return t;
        }
        String test = context.getRequiredTestClass().getName()
                + context.getTestMethod().map(Method::getName).map(m -> "#" + m).orElse("");
        if (SkipLedger.allowed(test).isPresent()) {
            return t;
        }
        String invocation = context.getTestMethod().isPresent()
                        && !context.getDisplayName()
                                .startsWith(context.getRequiredTestMethod().getName() + "(")
                ? " [" + context.getDisplayName() + "]"
                : "";
        SkipLedger.record(SkipLedger.line(test + invocation, t.getMessage(), true));
        return new AssertionError(
                test + invocation + " skipped under CI and is not on " + SkipLedger.ALLOWED + ": " + t.getMessage(), t);
    }
}
