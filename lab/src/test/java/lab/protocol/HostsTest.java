package lab.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostsTest {
    /** Which workers each host gets, host by host. */
    private static Map<String, List<String>> spread(int workers, int hosts) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int w = 1; w <= workers; w++) {
            m.computeIfAbsent(Hosts.of("w" + w, workers, hosts), h -> new ArrayList<>())
                    .add("w" + w);
        }
        return m;
    }

    @Test
    void four_workers_on_two_hosts_are_w1_w2_then_w3_w4() {
        assertThat(spread(4, 2)).isEqualTo(Map.of("host1", List.of("w1", "w2"), "host2", List.of("w3", "w4")));
    }

    @ParameterizedTest(name = "{0} workers on {1} hosts")
    @CsvSource({"5, 4", "6, 4", "7, 5", "6, 5", "3, 3", "64, 8", "9, 2", "1, 1"})
    void every_host_has_a_worker_in_order_and_no_host_has_two_more_than_another(int workers, int hosts) {
        Map<String, List<String>> m = spread(workers, hosts);

        assertThat(m.keySet())
                .containsExactly(java.util.stream.IntStream.rangeClosed(1, hosts)
                        .mapToObj(Hosts::name)
                        .toArray(String[]::new));
        List<Integer> sizes = m.values().stream().map(List::size).toList();
        assertThat(sizes.stream().mapToInt(Integer::intValue).max().orElseThrow()
                        - sizes.stream().mapToInt(Integer::intValue).min().orElseThrow())
                .as("sizes %s", sizes)
                .isLessThanOrEqualTo(1);
        assertThat(sizes).as("larger blocks first").isSortedAccordingTo(java.util.Comparator.reverseOrder());
    }

    @Test
    void a_worker_added_past_the_set_up_joins_the_last_host() {
        assertThat(Hosts.of("w5", 4, 2)).isEqualTo("host2");
        assertThat(Hosts.of("w9", 5, 4)).isEqualTo("host4");
    }
}
