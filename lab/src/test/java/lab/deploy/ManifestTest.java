package lab.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every file in deploy/k8s, read into fabric8's Kubernetes model as the API server would take it — a field the model
 * does not know fails, as a typo would be dropped by a cluster — and its shape: the lab's image never pulled, four
 * worker replicas running the worker command of the attach contract, passwords only from Secrets that exist, probes
 * on {@code /healthz}, resources that hold what the bench measured, and a dashboard pod with a terminal that the
 * workers reach through its Service.
 */
class ManifestTest {
    /** Tests run in lab/, so the repository root is its parent. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Path K8S = ROOT.resolve("deploy/k8s");
    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "apps/v1 Deployment", Deployment.class,
            "v1 Service", Service.class,
            "v1 Secret", Secret.class,
            "v1 Pod", Pod.class);
    private static final String PG_URL =
            "jdbc:postgresql://postgres:5432/postgres?user=postgres&password=$(PG_PASSWORD)";
    private static final String REDIS_URL = "redis://:$(REDIS_PASSWORD)@redis:6379";
    private static final long MIB = 1024 * 1024;

    private static final List<HasMetadata> objects = new ArrayList<>();
    private static final List<String> unknownFields = new ArrayList<>();

    @BeforeAll
    static void read_every_manifest() {
        JsonMapper mapper = JsonMapper.builder().build();
        for (Path file : manifests()) {
            for (Object doc : new Load(LoadSettings.builder().build()).loadAllFromString(read(file))) {
                if (doc == null) continue; // an empty document, such as after a trailing ---
                Map<?, ?> map = (Map<?, ?>) doc;
                String kind = map.get("apiVersion") + " " + map.get("kind");
                assertThat(KINDS).as("%s: a kind the lab deploys", name(file)).containsKey(kind);
                HasMetadata object = mapper.convertValue(map, KINDS.get(kind));
                unknownFields(
                        object,
                        name(file) + " " + kind + " " + object.getMetadata().getName(),
                        unknownFields);
                objects.add(object);
            }
        }
    }

    @Test
    void every_manifest_parses_into_the_kubernetes_model_without_an_unknown_field() {
        assertThat(manifests()).as("files in deploy/k8s").isNotEmpty();
        assertThat(unknownFields)
                .as("fields the Kubernetes model does not know")
                .isEmpty();
        assertThat(objects)
                .extracting(o -> o.getKind() + "/" + o.getMetadata().getName())
                .containsExactlyInAnyOrder(
                        "Secret/lab-servers",
                        "Secret/lab-token",
                        "Deployment/redis",
                        "Service/redis",
                        "Deployment/postgres",
                        "Service/postgres",
                        "Deployment/worker",
                        "Pod/dashboard",
                        "Service/dashboard");
    }

    @Test
    void the_workers_are_four_replicas_of_the_image_the_build_makes_never_pulled() {
        Deployment workers = deployment("worker");
        String image = System.getProperty("lab.image");
        assertThat(image).as("the image name lab/pom.xml passes as lab.image").isNotBlank();

        assertThat(workers.getSpec().getReplicas()).as("worker replicas").isEqualTo(4);
        for (Container c : List.of(container(workers), dashboard())) {
            assertThat(c.getImage()).as("%s's image", c.getName()).isEqualTo(image);
            // No registry holds it: loaded into the nodes by hand (docs/kubernetes.md).
            assertThat(c.getImagePullPolicy())
                    .as("%s's pull policy", c.getName())
                    .isEqualTo("Never");
        }
        assertThat(container(deployment("redis")).getImage()).startsWith("redis:");
        assertThat(container(deployment("postgres")).getImage()).startsWith("postgres:");
        assertThat(workers.getSpec().getTemplate().getMetadata().getLabels())
                .as("the worker pods' labels, which the Deployment selects")
                .containsAllEntriesOf(workers.getSpec().getSelector().getMatchLabels());
    }

    @Test
    void the_workers_run_the_worker_command_of_the_contract_named_after_their_pod() {
        Container worker = container(deployment("worker"));

        assertThat(worker.getCommand())
                .as("the worker's command: the image's entrypoint")
                .isNullOrEmpty();
        assertThat(worker.getArgs())
                .containsExactly(
                        "worker",
                        "--report-to",
                        "http://dashboard:7070",
                        "--token-file",
                        "/etc/lab/token",
                        "--http-port",
                        "8080");
        // The URLs carry passwords: in the environment, not on a command line a node's ps shows.
        assertThat(worker.getArgs()).noneMatch(a -> a.contains("$("));
        assertThat(env(worker, "LAB_REDIS_URL").getValue()).isEqualTo(REDIS_URL);
        assertThat(env(worker, "LAB_PG_URL").getValue()).isEqualTo(PG_URL);
        assertThat(env(worker, "LAB_STORE_URL").getValue()).isEqualTo(PG_URL);
        List<String> names = worker.getEnv().stream().map(EnvVar::getName).toList();
        assertThat(names.indexOf("LAB_REDIS_URL"))
                .as("LAB_REDIS_URL after REDIS_PASSWORD, which it expands")
                .isGreaterThan(names.indexOf("REDIS_PASSWORD"));
        assertThat(names.indexOf("LAB_PG_URL"))
                .as("LAB_PG_URL after PG_PASSWORD, which it expands")
                .isGreaterThan(names.indexOf("PG_PASSWORD"));
        EnvVar id = env(worker, "LAB_WORKER_ID");
        assertThat(id.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.name");
        assertThat(worker.getVolumeMounts())
                .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/etc/lab"));
        assertThat(deployment("worker").getSpec().getTemplate().getSpec().getVolumes())
                .anySatisfy(v -> {
                    assertThat(v.getSecret().getSecretName()).isEqualTo("lab-token");
                    assertThat(v.getSecret().getItems().get(0).getKey()).isEqualTo("token");
                    assertThat(v.getSecret().getItems().get(0).getPath()).isEqualTo("token");
                });
    }

    @Test
    void the_dashboard_is_a_pod_with_a_terminal_that_the_workers_reach_through_its_service() {
        Container dashboard = dashboard();
        Service service = service("dashboard");

        assertThat(dashboard.getStdin())
                .as("the dashboard's stdin (kubectl attach -it)")
                .isTrue();
        assertThat(dashboard.getTty()).as("the dashboard's tty").isTrue();
        assertThat(dashboard.getArgs())
                .containsExactly(
                        "--attach",
                        "7070",
                        "--token-file",
                        "/etc/lab/token",
                        "--workers",
                        "0",
                        "--store",
                        "postgres",
                        "--redis-url",
                        REDIS_URL,
                        "--pg-url",
                        PG_URL);
        assertThat(dashboard.getPorts()).anySatisfy(p -> {
            assertThat(p.getName()).isEqualTo("attach");
            assertThat(p.getContainerPort()).isEqualTo(7070);
        });
        ServicePort port = service.getSpec().getPorts().get(0);
        assertThat(port.getPort()).isEqualTo(7070);
        assertThat(port.getTargetPort().getStrVal()).isEqualTo("attach");
        assertThat(pod("dashboard").getMetadata().getLabels())
                .containsAllEntriesOf(service.getSpec().getSelector());
        // The workers' --report-to is this Service's name and port.
        assertThat(container(deployment("worker")).getArgs())
                .contains("http://" + service.getMetadata().getName() + ":" + port.getPort());
    }

    @Test
    void the_workers_are_probed_on_healthz_at_their_http_port() {
        Container worker = container(deployment("worker"));
        List<String> args = worker.getArgs();
        String httpPort = args.get(args.indexOf("--http-port") + 1);

        assertThat(worker.getPorts()).anySatisfy(p -> {
            assertThat(p.getName()).isEqualTo("http");
            assertThat(p.getContainerPort()).isEqualTo(Integer.parseInt(httpPort));
        });
        for (Probe probe : List.of(worker.getReadinessProbe(), worker.getLivenessProbe())) {
            assertThat(probe.getHttpGet().getPath()).isEqualTo("/healthz");
            assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("http");
        }
        for (String server : List.of("redis", "postgres")) {
            Container c = container(deployment(server));
            assertThat(c.getReadinessProbe()).as("%s's readiness probe", server).isNotNull();
            assertThat(c.getLivenessProbe()).as("%s's liveness probe", server).isNotNull();
            ServicePort port = service(server).getSpec().getPorts().get(0);
            assertThat(c.getPorts()).anySatisfy(p -> {
                assertThat(p.getName()).isEqualTo(port.getTargetPort().getStrVal());
                assertThat(p.getContainerPort()).isEqualTo(port.getPort());
            });
        }
    }

    @Test
    void every_password_comes_from_a_secret_that_exists_and_none_is_written_in_a_manifest() {
        List<Container> containers = List.of(
                container(deployment("worker")),
                dashboard(),
                container(deployment("redis")),
                container(deployment("postgres")));
        List<String> secretValues = new ArrayList<>();
        for (HasMetadata o : objects) {
            if (o instanceof Secret s) secretValues.addAll(s.getStringData().values());
        }

        for (Container c : containers) {
            for (EnvVar e : c.getEnv()) {
                if (e.getName().contains("PASSWORD")) {
                    assertThat(e.getValue())
                            .as("%s's %s as a literal", c.getName(), e.getName())
                            .isNull();
                    String secret = e.getValueFrom().getSecretKeyRef().getName();
                    String key = e.getValueFrom().getSecretKeyRef().getKey();
                    assertThat(secret(secret).getStringData())
                            .as("%s's %s: key %s of Secret %s", c.getName(), e.getName(), key, secret)
                            .containsKey(key);
                }
            }
            assertThat(String.join(" ", c.getArgs() == null ? List.of() : c.getArgs()))
                    .as("%s's args", c.getName())
                    .doesNotContain(secretValues);
        }
        assertThat(env(container(deployment("postgres")), "POSTGRES_PASSWORD")).isNotNull();
        assertThat(env(container(deployment("redis")), "REDIS_PASSWORD")).isNotNull();
    }

    @Test
    void every_container_has_limits_and_the_labs_hold_what_the_bench_measured() {
        for (HasMetadata o : objects) {
            for (Container c : containersOf(o)) {
                for (String r : List.of("cpu", "memory")) {
                    assertThat(c.getResources().getRequests())
                            .as("%s's requests", c.getName())
                            .containsKey(r);
                    assertThat(c.getResources().getLimits())
                            .as("%s's limits", c.getName())
                            .containsKey(r);
                }
            }
        }
        // README.md's Performance table, as ./run.sh bench printed it (MB there is 1024 × 1024 bytes).
        String readme = read(ROOT.resolve("README.md"));
        double workerRss = figure(readme, "idle RSS per worker, N = 4");
        double launcherRss = figure(readme, "launcher RSS, dashboard open in a terminal (tmux)");

        Container worker = container(deployment("worker"));
        assertThat(mib(worker.getResources().getRequests().get("memory")))
                .as("the worker's memory request against its measured RSS, %s MB", workerRss)
                .isBetween(workerRss, workerRss * 1.25);
        assertThat(mib(worker.getResources().getLimits().get("memory")))
                .as("the worker's memory limit against its measured RSS, %s MB", workerRss)
                .isBetween(workerRss * 1.5, workerRss * 3);
        Container dashboard = dashboard();
        assertThat(mib(dashboard.getResources().getRequests().get("memory")))
                .as("the dashboard's memory request against the launcher's measured RSS, %s MB", launcherRss)
                .isBetween(launcherRss, launcherRss * 1.5);
        // A heap allowed past the limit would be ended by the OOM killer before the JVM's own OutOfMemoryError.
        for (Container c : List.of(worker, dashboard)) {
            double heap = heapMib(env(c, "JDK_JAVA_OPTIONS").getValue());
            assertThat(heap)
                    .as("%s's -Xmx against its memory limit", c.getName())
                    .isLessThan(mib(c.getResources().getLimits().get("memory")));
        }
    }

    private static double figure(String readme, String row) {
        Matcher m = Pattern.compile("\\| " + Pattern.quote(row) + " \\| ([0-9.]+) MB")
                .matcher(readme);
        assertThat(m.find()).as("README.md's bench row '%s'", row).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static double heapMib(String javaOptions) {
        Matcher m = Pattern.compile("-Xmx(\\d+)m").matcher(javaOptions);
        assertThat(m.find()).as("-Xmx in '%s'", javaOptions).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static double mib(Quantity q) {
        return Quantity.getAmountInBytes(q).divide(BigDecimal.valueOf(MIB)).doubleValue();
    }

    /**
     * Fields the model kept aside because it has no such field (its additional properties), anywhere in the object:
     * kubectl would refuse them, or a cluster would drop them in silence.
     */
    private static void unknownFields(Object o, String where, List<String> found) {
        if (o == null || !o.getClass().getName().startsWith("io.fabric8.")) return;
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0
                    || Modifier.isStatic(m.getModifiers())
                    || !m.getName().startsWith("get")) continue;
            Object value;
            try {
                value = m.invoke(o);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(where + ": cannot read " + m.getName(), e);
            }
            String path = where + "." + m.getName().substring(3);
            if (m.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) found.add(where + ": " + extra.keySet());
            } else if (value instanceof List<?> list) {
                for (Object item : list) unknownFields(item, path, found);
            } else if (value instanceof Map<?, ?> map) {
                for (Object item : map.values()) unknownFields(item, path, found);
            } else {
                unknownFields(value, path, found);
            }
        }
    }

    private static Deployment deployment(String name) {
        return (Deployment) object("Deployment", name);
    }

    private static Service service(String name) {
        return (Service) object("Service", name);
    }

    private static Secret secret(String name) {
        return (Secret) object("Secret", name);
    }

    private static Pod pod(String name) {
        return (Pod) object("Pod", name);
    }

    private static HasMetadata object(String kind, String name) {
        return objects.stream()
                .filter(o ->
                        o.getKind().equals(kind) && o.getMetadata().getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " in deploy/k8s"));
    }

    private static Container container(Deployment d) {
        List<Container> containers = d.getSpec().getTemplate().getSpec().getContainers();
        assertThat(containers)
                .as("Deployment %s's containers", d.getMetadata().getName())
                .hasSize(1);
        return containers.get(0);
    }

    private static Container dashboard() {
        List<Container> containers = pod("dashboard").getSpec().getContainers();
        assertThat(containers).as("the dashboard pod's containers").hasSize(1);
        return containers.get(0);
    }

    private static List<Container> containersOf(HasMetadata o) {
        PodSpec spec = o instanceof Deployment d
                ? d.getSpec().getTemplate().getSpec()
                : o instanceof Pod p ? p.getSpec() : null;
        return spec == null ? List.of() : spec.getContainers();
    }

    private static EnvVar env(Container c, String name) {
        return c.getEnv().stream()
                .filter(e -> e.getName().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(c.getName() + " has no env " + name));
    }

    private static List<Path> manifests() {
        try (Stream<Path> files = Files.list(K8S)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String name(Path file) {
        return ROOT.relativize(file).toString().replace('\\', '/');
    }
}
