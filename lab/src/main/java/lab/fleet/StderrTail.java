package lab.fleet;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** The last lines a child wrote on stderr, kept to explain why it failed. */
public final class StderrTail {
    private final int capacity;
    private final Deque<String> lines = new ArrayDeque<>();

    StderrTail(int capacity) {
        this.capacity = capacity;
    }

    synchronized void add(String line) {
        if (lines.size() == capacity) {
            lines.removeFirst();
        }
        lines.addLast(line);
    }

    synchronized List<String> lines() {
        return List.copyOf(lines);
    }
}
