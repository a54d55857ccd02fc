package lab.report;

import java.util.Locale;

/** A little SVG writer: the report's shapes with their classes, so the page's stylesheet and a slide agree. */
final class Svg {
    private final StringBuilder sb = new StringBuilder();

    Svg raw(String s) {
        sb.append(s);
        return this;
    }

    Svg rect(double x, double y, double w, double h, String cls) {
        return raw("<rect class=\"" + cls + "\" x=\"" + n(x) + "\" y=\"" + n(y) + "\" width=\"" + n(Math.max(w, 1))
                + "\" height=\"" + n(h) + "\"/>");
    }

    Svg line(double x1, double y1, double x2, double y2, String cls) {
        return raw("<line class=\"" + cls + "\" x1=\"" + n(x1) + "\" y1=\"" + n(y1) + "\" x2=\"" + n(x2) + "\" y2=\""
                + n(y2) + "\"/>");
    }

    Svg text(double x, double y, String cls, String text) {
        return raw("<text class=\"" + cls + "\" x=\"" + n(x) + "\" y=\"" + n(y) + "\">" + Xml.esc(text) + "</text>");
    }

    Svg circle(double x, double y, double r, String cls) {
        return raw("<circle class=\"" + cls + "\" cx=\"" + n(x) + "\" cy=\"" + n(y) + "\" r=\"" + n(r) + "\"/>");
    }

    Svg path(String d, String cls) {
        return raw("<path class=\"" + cls + "\" d=\"" + d + "\"/>");
    }

    /** Opens a group; its title is what a pointer over any of its shapes shows. */
    Svg group(String attributes, String title) {
        raw("<g " + attributes + ">");
        return title == null ? this : raw("<title>" + Xml.esc(title) + "</title>");
    }

    Svg end() {
        return raw("</g>");
    }

    static String n(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
