package lab.protocol.summary;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code summary.json}, written and read here only: a {@link SummaryFile} to the JSON a run folder keeps, and that JSON
 * back to the same record. The field names and their order are those the lab has always written, so a folder made
 * before this codec still opens; a field a summary of the first days lacks (causes, segments, servers, the job's runs)
 * reads as none. A field that is there but wrong is refused with its path: {@code by_mode.naive.ticks: expected a
 * whole number, found 'x'}.
 */
public final class SummaryCodec {
    private SummaryCodec() {}

    public static String toJson(SummaryFile s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workers", s.workers());
        m.put("mode", s.mode());
        m.put("every_ms", s.every().toMillis());
        m.put("task_time_ms", s.taskTime().toMillis());
        m.put("ready_ms", s.readyMillis());
        m.putAll(figures(s.total()));
        Map<String, Object> causes = new LinkedHashMap<>();
        for (SummaryFile.CauseTally c : s.causes()) {
            Map<String, Object> counts = new LinkedHashMap<>();
            counts.put("duplicate_ticks", c.duplicateTicks());
            counts.put("overlaps", c.overlaps());
            counts.put("missed_ticks", c.missedTicks());
            causes.put(c.cause(), counts);
        }
        m.put("causes", causes);
        Map<String, Object> modes = new LinkedHashMap<>();
        s.byMode().forEach(f -> modes.put(f.mode(), figures(f.figures())));
        m.put("by_mode", modes);
        List<Map<String, Object>> segments = new ArrayList<>();
        for (SummarySegment seg : s.segments()) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("mode", seg.mode());
            sm.put("spec", spec(seg.spec()));
            sm.put("from", seg.from().toString());
            sm.put("to", seg.to().toString());
            sm.putAll(figures(seg.figures()));
            segments.add(sm);
        }
        m.put("segments", segments);
        s.switches().ifPresent(t -> {
            Map<String, Object> sw = new LinkedHashMap<>();
            sw.put("p50", t.p50());
            sw.put("max", t.max());
            sw.put("count", t.count());
            m.put("switch_ms", sw);
        });
        List<Map<String, Object>> servers = new ArrayList<>();
        for (SummaryServer server : s.servers()) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("name", server.name());
            sm.put("address", server.address());
            sm.put("state", server.state());
            sm.put("start_ms", server.startMillis());
            sm.put("source", server.source());
            sm.put("detail", server.detail());
            if (!server.fallback().isEmpty()) {
                sm.put("fallback", server.fallback());
            }
            servers.add(sm);
        }
        m.put("servers", servers);
        s.soak().ifPresent(soak -> SoakCodec.put(soak, m));
        try {
            return JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(m) + "\n";
        } catch (IOException e) {
            // Only maps, lists, strings, numbers and booleans are written: there is nothing jackson-jr could refuse.
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The summary {@code json} holds; an {@link IllegalArgumentException} naming the field when it is not one (the
     * caller says which file).
     */
    public static SummaryFile fromJson(String json) {
        Map<String, Object> m;
        try {
            m = JSON.std.mapFrom(json);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("expected the summary as a JSON object, found " + e.getMessage());
        }
        if (m == null) {
            throw new IllegalArgumentException("expected the summary as a JSON object, found nothing");
        }
        JsonObject o = new JsonObject("", m);
        List<SummaryFile.CauseTally> causes = new ArrayList<>();
        if (o.has("causes")) {
            JsonObject all = o.object("causes");
            for (String cause : all.keys()) {
                JsonObject c = all.object(cause);
                causes.add(new SummaryFile.CauseTally(
                        cause, c.count("duplicate_ticks"), c.count("overlaps"), c.count("missed_ticks")));
            }
        }
        List<SummaryFile.ModeFigures> byMode = new ArrayList<>();
        if (o.has("by_mode")) {
            JsonObject all = o.object("by_mode");
            for (String mode : all.keys()) {
                byMode.add(new SummaryFile.ModeFigures(mode, figures(all.object(mode))));
            }
        }
        List<SummarySegment> segments = new ArrayList<>();
        if (o.has("segments")) {
            for (JsonObject seg : o.objects("segments")) {
                segments.add(new SummarySegment(
                        seg.text("mode"),
                        spec(seg.object("spec")),
                        seg.instant("from"),
                        seg.instant("to"),
                        figures(seg)));
            }
        }
        Optional<SummaryFile.SwitchTimes> switches = Optional.empty();
        if (o.has("switch_ms")) {
            JsonObject sw = o.object("switch_ms");
            switches = Optional.of(new SummaryFile.SwitchTimes(sw.whole("p50"), sw.whole("max"), sw.count("count")));
        }
        List<SummaryServer> servers = new ArrayList<>();
        if (o.has("servers")) {
            for (JsonObject s : o.objects("servers")) {
                servers.add(new SummaryServer(
                        s.text("name"),
                        s.textOr("address", ""),
                        s.text("state"),
                        s.whole("start_ms"),
                        s.textOr("source", ""),
                        s.textOr("detail", ""),
                        s.textOr("fallback", "")));
            }
        }
        return new SummaryFile(
                o.count("workers"),
                o.text("mode"),
                Duration.ofMillis(o.whole("every_ms")),
                Duration.ofMillis(o.whole("task_time_ms")),
                o.whole("ready_ms"),
                figures(o),
                causes,
                byMode,
                segments,
                switches,
                servers,
                SoakCodec.read(o));
    }

    private static Map<String, Object> figures(SummaryFigures f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ticks", f.ticks());
        m.put("rows", f.rows());
        m.put("duplicate_ticks", f.duplicateTicks());
        m.put("extra_rows", f.extraRows());
        m.put("missed_ticks", f.missedTicks());
        m.put("overlaps", f.overlaps());
        Map<String, Object> perTick = new LinkedHashMap<>();
        perTick.put("min", f.rowsPerTick().min());
        perTick.put("median", f.rowsPerTick().median());
        perTick.put("max", f.rowsPerTick().max());
        m.put("rows_per_tick", perTick);
        f.jobRuns().ifPresent(n -> m.put("job_runs", n));
        f.refusedWrites().ifPresent(n -> m.put("refused_writes", n));
        return m;
    }

    private static SummaryFigures figures(JsonObject o) {
        JsonObject perTick = o.object("rows_per_tick");
        return new SummaryFigures(
                o.count("ticks"),
                o.count("rows"),
                o.count("duplicate_ticks"),
                o.count("extra_rows"),
                o.count("missed_ticks"),
                o.count("overlaps"),
                new SummaryFigures.RowsPerTick(perTick.count("min"), perTick.count("median"), perTick.count("max")),
                o.optionalCount("job_runs"),
                o.optionalCount("refused_writes"));
    }

    static Map<String, Object> spec(List<SummarySegment.Setting> spec) {
        Map<String, Object> m = new LinkedHashMap<>();
        spec.forEach(s -> m.put(s.knob(), s.value()));
        return m;
    }

    static List<SummarySegment.Setting> spec(JsonObject o) {
        return o.keys().stream()
                .map(k -> new SummarySegment.Setting(k, o.textOf(k)))
                .toList();
    }
}
