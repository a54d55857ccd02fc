package lab.check;

import lab.store.CounterRow;

/** Two runs of the job, {@code first} the one that started first (or with it). */
record JobRunPair(CounterRow first, CounterRow second) {}
