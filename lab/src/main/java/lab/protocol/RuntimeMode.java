package lab.protocol;

import java.lang.reflect.InvocationTargetException;

/**
 * A mode registered at run time ({@link Modes#register}), as a worker's configuration carries it to the worker's JVM
 * ({@link WorkerConfig}): the class that declares it and the one line of text that class is made again from, by its
 * public constructor that takes a {@code String}. A worker registers what it is handed before it reads its spec, so
 * that a second mode loaded at run time takes no line outside its own package.
 *
 * @param declaration the declaring class, by its binary name ({@code lab.guard.exam.ExamMode})
 * @param text what its constructor reads: the class is the only one that knows its form
 */
public record RuntimeMode(String declaration, String text) {
    /** The mode, made again in this JVM; throws naming the class when it cannot be. */
    public Mode load() {
        try {
            Class<? extends Mode> type = Class.forName(declaration, true, Modes.class.getClassLoader())
                    .asSubclass(Mode.class);
            return type.getConstructor(String.class).newInstance(text);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(
                    "mode " + declaration + " refused '" + text + "': "
                            + e.getCause().getMessage(),
                    e.getCause());
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalArgumentException(
                    "mode " + declaration + " cannot be made again from '" + text
                            + "' (expected a public " + Mode.class.getSimpleName()
                            + " with a constructor taking a String): "
                            + e,
                    e);
        }
    }
}
