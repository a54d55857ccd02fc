package lab.protocol;

import java.util.Arrays;
import java.util.List;

/** How the knobs' values are written as text: the choices of an enum, whole numbers, on and off. */
final class KnobTexts {
    private KnobTexts() {}

    static <E extends Enum<E>> E choose(E[] values, String text) {
        return Arrays.stream(values)
                .filter(v -> v.toString().equals(text))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException((String) null));
    }

    /** "safe or unsafe", "auto, machine or embedded". */
    static <E extends Enum<E>> String choices(E[] values) {
        List<String> names = Arrays.stream(values).map(Object::toString).toList();
        return names.size() == 1
                ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    static int wholeNumber(String text) {
        if (!text.matches("\\d{1,9}")) {
            throw new IllegalArgumentException((String) null);
        }
        return Integer.parseInt(text);
    }

    static String onOffText(boolean b) {
        return b ? "on" : "off";
    }

    static boolean onOff(String text) {
        return switch (text) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new IllegalArgumentException((String) null);
        };
    }
}
