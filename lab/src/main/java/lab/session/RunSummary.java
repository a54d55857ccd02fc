package lab.session;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.check.Figures;

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
        List<ServerInfo> servers) {

    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workers", workers);
        m.put("mode", mode);
        m.put("every_ms", every.toMillis());
        m.put("task_time_ms", taskTime.toMillis());
        m.put("ready_ms", readyMillis);
        m.putAll(total.toMap());
        Map<String, Object> modes = new LinkedHashMap<>();
        byMode.forEach((k, v) -> modes.put(k, v.toMap()));
        m.put("by_mode", modes);
        m.put("servers", servers.stream().map(s -> {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("name", s.name());
            sm.put("address", s.address());
            sm.put("state", s.state());
            sm.put("start_ms", s.startMillis());
            return sm;
        }).toList());
        return m;
    }
}
