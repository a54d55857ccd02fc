package lab.protocol;

import java.util.Locale;

/** Which instance id each worker's Quartz gets on the shared JDBC store while the store is left unclustered. */
public enum InstanceId {
    /**
     * None set, as in a configuration that never names one: Quartz's default, {@code NON_CLUSTERED}, on every node
     * ({@code AUTO} gives the same once {@code isClustered} is false). A starting node's recovery then takes every
     * node's fired triggers for its own.
     */
    DEFAULT,
    /** The worker's name ({@code w1}, {@code w2}, ...): a starting node's recovery re-runs only its own jobs. */
    PER_WORKER;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
