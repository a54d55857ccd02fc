package lab.session;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.check.Cause;
import lab.check.Figures;
import lab.check.Finding;
import lab.protocol.Knobs;

/**
 * What a run leaves behind: the checker's figures over every complete tick window, and per mode, with what the
 * run was (workers, mode, period) and how long it took to be ready. The figures come from the counter table; the
 * findings say why each duplicate, overlap and missed tick happened, from the recording.
 */
public record RunSummary(
        int workers,
        String mode,
        Duration every,
        Duration taskTime,
        long readyMillis,
        Figures total,
        List<Finding> findings,
        Map<String, Figures> byMode,
        List<ModeSegment> segments,
        List<Long> switchMillis,
        List<ServerInfo> servers) {

    /** The switch latencies (request sent to the slowest worker's acknowledgement): median, or -1 without one. */
    public long switchP50() {
        return median(switchMillis);
    }

    /** The lower median (a value that was measured), or -1 of nothing. */
    public static long median(List<Long> values) {
        return values.stream()
                .sorted()
                .skip((values.size() - 1) / 2)
                .findFirst()
                .orElse(-1L);
    }

    public long switchMax() {
        return switchMillis.stream().mapToLong(Long::longValue).max().orElse(-1);
    }

    /** {@code {"released-early": {"duplicate_ticks": 2, "overlaps": 0, "missed_ticks": 0}}}, causes in order of precedence. */
    public static Map<String, Object> causes(List<Finding> findings) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Cause c : Cause.values()) {
            List<Finding> of = findings.stream().filter(f -> f.cause() == c).toList();
            if (!of.isEmpty()) {
                Map<String, Object> counts = new LinkedHashMap<>();
                counts.put("duplicate_ticks", count(of, Finding.Kind.DUPLICATE));
                counts.put("overlaps", count(of, Finding.Kind.OVERLAP));
                counts.put("missed_ticks", count(of, Finding.Kind.MISSED));
                m.put(c.wireName(), counts);
            }
        }
        return m;
    }

    private static long count(List<Finding> findings, Finding.Kind kind) {
        return findings.stream().filter(f -> f.kind() == kind).count();
    }

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Knobs.WORKERS.name(), workers);
        m.put("mode", mode);
        m.put("every_ms", every.toMillis());
        m.put("task_time_ms", taskTime.toMillis());
        m.put("ready_ms", readyMillis);
        m.putAll(total.toMap());
        m.put("causes", causes(findings));
        Map<String, Object> modes = new LinkedHashMap<>();
        byMode.forEach((k, v) -> modes.put(k, v.toMap()));
        m.put("by_mode", modes);
        m.put(
                "segments",
                segments.stream()
                        .map(seg -> {
                            Map<String, Object> sm = new LinkedHashMap<>();
                            sm.put("mode", seg.mode());
                            sm.put("spec", seg.spec());
                            sm.put("from", seg.from().toString());
                            sm.put("to", seg.to().toString());
                            sm.putAll(seg.figures().toMap());
                            return sm;
                        })
                        .toList());
        if (!switchMillis.isEmpty()) {
            m.put("switch_ms", Map.of("p50", switchP50(), "max", switchMax(), "count", switchMillis.size()));
        }
        m.put(
                "servers",
                servers.stream()
                        .map(s -> {
                            Map<String, Object> sm = new LinkedHashMap<>();
                            sm.put("name", s.name());
                            sm.put("address", s.address());
                            sm.put("state", s.state());
                            sm.put("start_ms", s.startMillis());
                            sm.put("source", s.source());
                            sm.put("detail", s.detail());
                            if (!s.note().isEmpty()) {
                                sm.put("fallback", s.note());
                            }
                            return sm;
                        })
                        .toList());
        return m;
    }
}
