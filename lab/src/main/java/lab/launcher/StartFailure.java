package lab.launcher;

/** The lab could not start (a worker or a server it needs); the message names which and why. */
public final class StartFailure extends Exception {
    StartFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
