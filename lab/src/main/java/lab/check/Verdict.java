package lab.check;

/**
 * What one rule found: the cause and its evidence, the part of the sentence after the finding's kind, in English and
 * in Chinese.
 */
record Verdict(Cause cause, String evidence, String evidenceZh) {
    Verdict(Cause cause, Evidence evidence) {
        this(cause, evidence.en(), evidence.zh());
    }
}
