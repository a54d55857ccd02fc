package lab.guard.exam;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * The learner's class, loaded from its folder by a class loader of its own: the worker's class path stays the lab's one
 * jar, whose class-data archive every worker maps (a folder added to the class path would cost each worker that
 * archive). One loader per JVM: every guard built in a worker shares the learner's statics, as one process would.
 */
final class LearnerClass {
    private static URLClassLoader loader;
    private static Path loadedFrom;

    private LearnerClass() {}

    /** A new instance of {@code className}, which must implement {@link ExamLock}; throws saying what is wrong. */
    static ExamLock instantiate(Path folder, String className) {
        Class<?> c;
        try {
            c = Class.forName(className, true, loader(folder));
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("cannot load " + className + " from its compiled classes: " + e, e);
        }
        if (!ExamLock.class.isAssignableFrom(c)) {
            throw new IllegalStateException(className + " does not implement " + ExamLock.class.getName());
        }
        try {
            Constructor<?> made = c.getDeclaredConstructor();
            return (ExamLock) made.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(className + " has no constructor without arguments", e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            throw new IllegalStateException(
                    className + "'s constructor threw " + Bounded.where(cause, sourceFile(className)), cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + className + ": " + e, e);
        }
    }

    /** The file a top-level class is written in, as its stack frames name it: {@code MyLock.java}. */
    static String sourceFile(String className) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        int nested = simple.indexOf('$');
        return (nested < 0 ? simple : simple.substring(0, nested)) + ".java";
    }

    private static synchronized URLClassLoader loader(Path folder) {
        if (loader == null || !folder.equals(loadedFrom)) {
            try {
                URL url = folder.toUri().toURL();
                loader = new URLClassLoader("exam", new URL[] {url}, ExamLock.class.getClassLoader());
                loadedFrom = folder;
            } catch (MalformedURLException e) {
                throw new IllegalStateException("not a folder of classes: " + folder, e);
            }
        }
        return loader;
    }
}
