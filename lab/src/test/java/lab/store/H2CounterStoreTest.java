package lab.store;

/** The store's contract on H2, which has no ON CONFLICT: its unique violation means "already written". */
class H2CounterStoreTest extends CounterStoreContract {
    @Override
    String url() {
        return "jdbc:h2:mem:counter-store-test;DB_CLOSE_DELAY=-1";
    }
}
