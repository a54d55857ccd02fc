package lab.suite;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.commons.annotation.Testable;

/**
 * Whether each entry of {@code allowed-skips.txt} still names a test: its class on the test class path, and its
 * method a test of that class (declared there or inherited, as a contract's tests are). An entry whose test was
 * renamed or removed would allow a skip nobody can see any more, and let a new test of the old name skip unread.
 */
final class AllowedSkips {
    private AllowedSkips() {}

    /** Each entry that names no test, with what is missing; empty when every entry names one. */
    static List<String> stale(Collection<String> entries) {
        List<String> stale = new ArrayList<>();
        for (String entry : entries) {
            whyStale(entry).ifPresent(why -> stale.add(entry + ": " + why));
        }
        return stale;
    }

    private static Optional<String> whyStale(String entry) {
        int hash = entry.indexOf('#');
        String className = hash < 0 ? entry : entry.substring(0, hash);
        Class<?> c;
        try {
            c = Class.forName(className, false, AllowedSkips.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.of("no class " + className + " on the test class path");
        }
        List<String> tests = testMethods(c);
        if (hash < 0) {
            return tests.isEmpty() ? Optional.of(className + " has no test") : Optional.empty();
        }
        String method = entry.substring(hash + 1);
        return tests.contains(method)
                ? Optional.empty()
                : Optional.of(c.getSimpleName() + " has no test " + method + "()");
    }

    /** The names of the tests of {@code c}: its methods and its supertypes' that a JUnit test annotation marks. */
    private static List<String> testMethods(Class<?> c) {
        List<String> names = new ArrayList<>();
        Deque<Class<?>> types = new ArrayDeque<>(List.of(c));
        Set<Class<?>> seen = new HashSet<>();
        while (!types.isEmpty()) {
            Class<?> t = types.pop();
            if (t == null || t == Object.class || !seen.add(t)) {
                continue;
            }
            for (Method m : t.getDeclaredMethods()) {
                if (isTest(m)) {
                    names.add(m.getName());
                }
            }
            types.push(t.getSuperclass() == null ? Object.class : t.getSuperclass());
            types.addAll(List.of(t.getInterfaces()));
        }
        return names;
    }

    /** {@code @Test}, {@code @ParameterizedTest} and the like: each is {@link Testable}, directly or through another. */
    private static boolean isTest(Method m) {
        Deque<Annotation> todo = new ArrayDeque<>(List.of(m.getAnnotations()));
        Set<Class<?>> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Class<? extends Annotation> type = todo.pop().annotationType();
            if (type == Testable.class) {
                return true;
            }
            if (seen.add(type) && !type.getName().startsWith("java.lang.annotation")) {
                todo.addAll(List.of(type.getAnnotations()));
            }
        }
        return false;
    }
}
