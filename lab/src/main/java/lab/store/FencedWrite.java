package lab.store;

/**
 * What the store made of a fenced write: written, or refused because it had already accepted a higher token.
 *
 * @param token     the token the write carried
 * @param lastToken the highest token the store had accepted when it judged this one (this one's, if written)
 */
public record FencedWrite(boolean written, long token, long lastToken) {}
