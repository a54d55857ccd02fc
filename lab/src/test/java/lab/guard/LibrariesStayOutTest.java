package lab.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A worker, and the launcher, find every mode through the service registry, the libraries' declarations among them:
 * finding them, reading their knobs, judging a spec and naming the fencing counters to restore must not load a
 * library that only a worker in that library's mode needs (ShedLock with Spring's JDBC, Redisson with Netty, Quartz's
 * JDBC job store: a naive worker runs Quartz in memory, never its JDBC classes).
 */
class LibrariesStayOutTest {
    /** The libraries a naive worker must not load, by package prefix. */
    private static final List<String> LIBRARIES = List.of(
            "net.javacrumbs.", "org.springframework.", "org.redisson.", "io.netty.", "org.quartz.impl.jdbcjobstore.");

    /** Loads the lab's classes itself (the JDK's from the platform), and notes each one it loads. */
    private static final class Noting extends URLClassLoader {
        final Set<String> loaded = ConcurrentHashMap.newKeySet();

        Noting(URL[] urls) {
            super(urls, ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            loaded.add(name);
            return super.findClass(name);
        }
    }

    @Test
    void finding_every_mode_judging_a_naive_spec_and_naming_the_counters_loads_no_class_of_a_modes_library()
            throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(Path.of(entry).toUri().toURL());
        }
        try (Noting loader = new Noting(urls.toArray(URL[]::new))) {
            Class<?> mode = Class.forName("lab.protocol.Mode", true, loader);
            List<?> modes = (List<?>) mode.getMethod("values").invoke(null);
            for (Object m : modes) {
                mode.getMethod("concerns").invoke(m);
                mode.getMethod("needs").invoke(m);
            }
            Class<?> spec = Class.forName("lab.protocol.ModeSpec", true, loader);
            Object naive = spec.getMethod("defaults", mode)
                    .invoke(null, mode.getField("NAIVE").get(null));
            spec.getMethod("accepted").invoke(naive);
            Class<?> declaration = Class.forName("lab.guard.ModeDeclaration", true, loader);
            List<?> counters = (List<?>)
                    declaration.getMethod("fencingCounters", String.class).invoke(null, "tick");

            assertThat(counters.stream().map(String::valueOf))
                    .contains("scheduler_lock:tick:fence", "redisson_lock_token:{redisson_lock:tick}");
            assertThat(loader.loaded)
                    .as("the lab's own classes, loaded by the noting loader")
                    .contains(
                            "lab.guard.shedlock.ShedLockMode",
                            "lab.guard.redisson.RedissonMode",
                            "lab.guard.quartz.QuartzClusterMode");
            assertThat(loader.loaded).as("classes of the modes' libraries").noneMatch(c -> LIBRARIES.stream()
                    .anyMatch(c::startsWith));
        }
    }
}
