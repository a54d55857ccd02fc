package lab.report;

import java.time.Instant;

/**
 * Something that lasted, on one lane of the timeline: a mode's span, a paused or killed worker, a server that was
 * down, a lock's holder.
 *
 * @param lane     {@code mode}, {@code lock}, {@code servers} or a worker id
 * @param kind     what it is (the CSS class and the legend's word): {@code mode}, {@code paused}, {@code killed},
 *                 {@code down}, {@code held}
 * @param label    the words drawn inside it
 * @param title    the sentence a pointer (and a screen reader) gets
 * @param leaseEnd a held lock's lease end as its server said when the holder was first seen (null elsewhere)
 */
record Band(String lane, String kind, Instant from, Instant to, String label, String title, Instant leaseEnd) {}
