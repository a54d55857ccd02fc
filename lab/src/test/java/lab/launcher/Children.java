package lab.launcher;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * The live child processes of this test JVM. Tests compare them before and after a run: the shared test servers
 * are children too, and must not be mistaken for a worker left behind.
 */
final class Children {
    private Children() {}

    static Set<Long> alive() {
        return ProcessHandle.current()
                .children()
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }
}
