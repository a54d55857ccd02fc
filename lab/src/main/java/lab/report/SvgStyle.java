package lab.report;

/**
 * The timeline's patterns and styles, inside the SVG itself so that a saved SVG looks as the page does. Each kind
 * differs by shape, outline or fill pattern; the few colours are a help on screen only, and print as greys.
 */
final class SvgStyle {
    private SvgStyle() {}

    static final String DEFS = "<defs>"
            + "<pattern id=\"p-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\""
            + " patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#000\""
            + " stroke-width=\"1.4\"/></pattern>"
            + "<pattern id=\"p-cross\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
            + "<path d=\"M0 0L6 6M6 0L0 6\" stroke=\"#000\" stroke-width=\"1\"/></pattern>"
            + "<pattern id=\"p-dots\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\">"
            + "<circle cx=\"2.5\" cy=\"2.5\" r=\"1.1\" fill=\"#000\"/></pattern>"
            + "<pattern id=\"p-held\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\">"
            + "<rect width=\"4\" height=\"4\" fill=\"#dde6f3\"/><path d=\"M0 4L4 0\" stroke=\"#456\""
            + " stroke-width=\"0.7\"/></pattern>"
            + "</defs><style>"
            + "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;font-size:11px;fill:#000}"
            + ".axis-label{font-size:10px;text-anchor:middle}.lane-label{font-weight:bold}"
            + ".mode-a{fill:#eef2ee;stroke:#000;stroke-width:.6}.mode-b{fill:#fff;stroke:#000;stroke-width:.6}"
            + ".ran-bar{fill:#111}.unkept-bar{fill:none;stroke:#000;stroke-width:1.2;stroke-dasharray:3 2}"
            + ".skip-dot{fill:#fff;stroke:#000;stroke-width:1.2}"
            + ".error-cross{stroke:#000;stroke-width:2.2;fill:none}"
            + ".refused-tri{fill:#fff;stroke:#000;stroke-width:1.3}"
            + ".paused-bar{fill:url(#p-hatch);stroke:#000;stroke-width:.8;fill-opacity:.7}"
            + ".killed-bar,.stopped-bar,.exited-bar{fill:url(#p-cross);stroke:#000;stroke-width:.8;fill-opacity:.7}"
            + ".down-bar{fill:url(#p-dots);stroke:#000;stroke-width:.8}"
            + ".held-bar{fill:url(#p-held);stroke:#000;stroke-width:.8}"
            + ".lease{stroke:#000;stroke-dasharray:2 2}.lease-end{stroke:#000;stroke-width:1.6}"
            + ".duplicate-box{fill:#fde3df;stroke:#000;stroke-width:2.4}"
            + ".duplicate-text{font-weight:bold;text-anchor:middle}"
            + ".missed-box{fill:#fff;stroke:#000;stroke-width:1.4;stroke-dasharray:4 2}"
            + ".missed-text{text-anchor:middle;font-style:italic}.count{text-anchor:middle;fill:#444}"
            + ".switch-line{stroke:#000;stroke-width:1.2;stroke-dasharray:6 3}"
            + ".tick-mark{stroke:#000}.lane-rule{stroke:#bbb}.fault-tick{stroke:#000;stroke-width:2}"
            + ".caption-dot{fill:#fff;stroke:#000}.caption-glyph{text-anchor:middle;font-size:10px}"
            + ".pass-box{fill:#fff;stroke:#000;stroke-width:1.5}.pass-glyph{text-anchor:middle;font-weight:bold}"
            + ".fail-box{fill:#000}.fail-glyph{text-anchor:middle;fill:#fff;font-weight:bold}"
            + ".small{font-size:9px}.note{font-style:italic}.legend-text{font-size:10.5px}"
            + "</style>";
}
