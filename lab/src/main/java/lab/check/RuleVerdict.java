package lab.check;

/** What one rule found: the cause and its evidence, the part of the sentence after the finding's kind. */
record RuleVerdict(Cause cause, Evidence evidence) {}
