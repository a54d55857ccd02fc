package lab.session;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.check.Figures;
import lab.protocol.Knobs;

/**
 * What a run leaves behind: the checker's figures over every complete tick window, and per mode, with what the
 * run was (workers, mode, period) and how long it took to be ready. The figures come from the counter table.
 */
public record RunSummary(
        int workers,
        String mode,
        Duration every,
        Duration taskTime,
        long readyMillis,
        Figures total,
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

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(Knobs.WORKERS.name(), workers);
        m.put("mode", mode);
        m.put("every_ms", every.toMillis());
        m.put("task_time_ms", taskTime.toMillis());
        m.put("ready_ms", readyMillis);
        m.putAll(total.toMap());
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
