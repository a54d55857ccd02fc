package lab.protocol.summary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A soak's part of its summary, beside the run's usual figures in the same object, as {@link SummaryCodec} writes and
 * reads the rest: a summary with a {@code verdict} is a soak's.
 */
final class SoakCodec {
    private SoakCodec() {}

    static void put(SoakSummary s, Map<String, Object> m) {
        m.put("seed", s.seed());
        m.put("length_ms", s.length().toMillis());
        m.put("lock_ttl_ms", s.lockTtl().toMillis());
        m.put("spec", SummaryCodec.spec(s.spec()));
        m.put("verdict", s.held() ? "held" : "failed");
        m.put("failures", s.failures());
        m.put("written_rows", s.written());
        m.put("lost_rows", s.lost().size());
        m.put("lost", s.lost());
        m.put("faults", s.faults().stream().map(SoakCodec::fault).toList());
        m.put("unattributed_missed_ticks", misses(s.outside()));
        m.put("slow_run_missed_ticks", misses(s.slow()));
        m.put("slow_run_bound", s.slowBound());
        m.put("leftovers", s.leftovers());
    }

    private static Map<String, Object> fault(SoakSummary.Fault f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("number", f.number());
        m.put("kind", f.kind());
        m.put("target", f.target());
        m.put("at_ms", f.at().toMillis());
        m.put("started_at", f.startedAt().toString());
        m.put("ended_at", f.endedAt().toString());
        m.put("healed", f.healed());
        m.put("lines", f.lines());
        Map<String, Object> reach = new LinkedHashMap<>();
        reach.put("from", f.reachFrom().toString());
        reach.put("to", f.reachTo().toString());
        m.put("reach", reach);
        m.put("bound_ticks", f.boundTicks());
        m.put("missed_ticks", f.missed().size());
        Map<String, Object> causes = new LinkedHashMap<>();
        f.causes().forEach(c -> causes.put(c.cause(), c.ticks()));
        m.put("causes", causes);
        m.put("missed", misses(f.missed()));
        return m;
    }

    private static List<Map<String, Object>> misses(List<SoakSummary.Miss> misses) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (SoakSummary.Miss miss : misses) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("tick", miss.tick().toString());
            m.put("cause", miss.cause());
            m.put("sentence", miss.sentence());
            out.add(m);
        }
        return out;
    }

    static Optional<SoakSummary> read(JsonObject o) {
        if (!o.has("verdict")) {
            return Optional.empty();
        }
        String verdict = o.text("verdict");
        if (!verdict.equals("held") && !verdict.equals("failed")) {
            throw new IllegalArgumentException("verdict: expected held or failed, found '" + verdict + "'");
        }
        List<SoakSummary.Fault> faults = new ArrayList<>();
        for (JsonObject f : o.objects("faults")) {
            JsonObject reach = f.object("reach");
            JsonObject causes = f.object("causes");
            faults.add(new SoakSummary.Fault(
                    f.count("number"),
                    f.text("kind"),
                    f.text("target"),
                    Duration.ofMillis(f.whole("at_ms")),
                    f.instant("started_at"),
                    f.instant("ended_at"),
                    f.bool("healed"),
                    f.texts("lines"),
                    reach.instant("from"),
                    reach.instant("to"),
                    f.count("bound_ticks"),
                    causes.keys().stream()
                            .map(c -> new SoakSummary.CauseCount(c, causes.count(c)))
                            .toList(),
                    misses(f, "missed")));
        }
        return Optional.of(new SoakSummary(
                o.whole("seed"),
                Duration.ofMillis(o.whole("length_ms")),
                Duration.ofMillis(o.whole("lock_ttl_ms")),
                SummaryCodec.spec(o.object("spec")),
                verdict.equals("held"),
                o.texts("failures"),
                o.whole("written_rows"),
                o.texts("lost"),
                faults,
                misses(o, "unattributed_missed_ticks"),
                misses(o, "slow_run_missed_ticks"),
                o.count("slow_run_bound"),
                o.texts("leftovers")));
    }

    private static List<SoakSummary.Miss> misses(JsonObject o, String key) {
        return o.objects(key).stream()
                .map(m -> new SoakSummary.Miss(m.instant("tick"), m.text("cause"), m.text("sentence")))
                .toList();
    }
}
