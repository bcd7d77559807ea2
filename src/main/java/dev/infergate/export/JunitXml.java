package dev.infergate.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A comparison or acceptance result as JUnit XML (the Ant/Jenkins {@code junit} schema most CI systems read), so a
 * pipeline shows which criterion failed without parsing infergate's JSON.
 *
 * <p>One test case per criterion and condition: a passed criterion passes; a failed one carries a
 * {@code <failure>} with the figures (baseline, candidate, delta and its interval); an inconclusive one is
 * {@code <skipped>} with why and how many samples would settle it: it was not judged, which is not the same as
 * passing. The verdict and exit code of {@code accept}/{@code compare} stay the gate; this file only shows
 * the detail. An acceptance result with {@code audiences} gets one test suite per audience; a quality
 * verdict is one more test case. Text from servers or users is escaped, and characters XML 1.0 cannot hold are
 * replaced by U+FFFD.
 */
public final class JunitXml {
    private JunitXml() {}

    /** One test case. */
    record Case(String suite, String classname, String name, String verdict, String message, String detail) {}

    /** The XML of {@code result}: an acceptance.json or comparison.json document. */
    public static String of(JsonNode result) {
        List<Case> cases = cases(result);
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuites");
            x.writeAttribute("name", "infergate");
            counts(x, cases);
            for (String suite : cases.stream().map(Case::suite).distinct().toList()) {
                suite(x, suite, cases.stream().filter(c -> c.suite().equals(suite)).toList());
            }
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write JUnit XML: " + e.getMessage(), e);
        }
        return out.toString();
    }

    private static void suite(XMLStreamWriter x, String name, List<Case> cases) throws XMLStreamException {
        x.writeCharacters("\n  ");
        x.writeStartElement("testsuite");
        x.writeAttribute("name", clean(name));
        counts(x, cases);
        for (Case c : cases) {
            x.writeCharacters("\n    ");
            x.writeStartElement("testcase");
            x.writeAttribute("classname", clean(c.classname()));
            x.writeAttribute("name", clean(c.name()));
            x.writeAttribute("time", "0");
            if (c.verdict().equals("fail")) {
                x.writeStartElement("failure");
                x.writeAttribute("message", clean(c.message()));
                x.writeAttribute("type", "criterion failed");
                x.writeCharacters(clean(c.detail()));
                x.writeEndElement();
            } else if (!c.verdict().equals("pass")) {
                x.writeEmptyElement("skipped");
                x.writeAttribute("message", clean(c.message()));
            }
            x.writeEndElement();
        }
        x.writeCharacters("\n  ");
        x.writeEndElement();
    }

    private static void counts(XMLStreamWriter x, List<Case> cases) throws XMLStreamException {
        x.writeAttribute("tests", Integer.toString(cases.size()));
        x.writeAttribute("failures", Long.toString(cases.stream().filter(c -> c.verdict().equals("fail")).count()));
        x.writeAttribute("errors", "0");
        x.writeAttribute("skipped", Long.toString(cases.stream()
                .filter(c -> !c.verdict().equals("fail") && !c.verdict().equals("pass")).count()));
        x.writeAttribute("time", "0");
    }

    static List<Case> cases(JsonNode result) {
        List<Case> cases = new ArrayList<>();
        JsonNode comparison = result.has("comparison") ? result.get("comparison") : result;
        JsonNode audiences = result.get("audiences");
        if (audiences != null && audiences.isArray() && !audiences.isEmpty()) {
            for (JsonNode a : audiences) {
                String suite = "audience " + a.path("name").asText("all");
                for (JsonNode k : a.path("criteria")) {
                    String condition = k.path("condition").asText("all");
                    cases.add(criterion(suite, condition, k, figures(comparison, condition)));
                }
            }
        } else {
            for (JsonNode c : comparison.path("conditions")) {
                String condition = c.path("condition").asText("all");
                for (JsonNode k : c.path("criteria")) {
                    cases.add(criterion("criteria", condition, k, c.path("figures")));
                }
            }
        }
        JsonNode quality = result.path("quality").path("criterion");
        if (quality.has("verdict")) {
            String v = quality.path("verdict").asText().toLowerCase(Locale.ROOT);
            String name = quality.path("metric").asText("quality.accuracy") + " max_drop " + quality.path("max_drop").asText();
            cases.add(new Case("quality", "infergate.quality", name, v.equals("pass") || v.equals("fail") ? v : "inconclusive",
                    name + ": " + v + ": " + quality.path("reason").asText(""), quality.path("reason").asText("")));
        }
        return cases;
    }

    private static JsonNode figures(JsonNode comparison, String condition) {
        for (JsonNode c : comparison.path("conditions")) {
            if (c.path("condition").asText().equals(condition)) {
                return c.path("figures");
            }
        }
        return null;
    }

    private static Case criterion(String suite, String condition, JsonNode k, JsonNode figures) {
        String verdict = k.path("verdict").asText("inconclusive").toLowerCase(Locale.ROOT);
        String describe = k.path("criterion").asText(k.path("statistic").asText("criterion"));
        String evidence = evidence(figures, k.path("statistic").asText());
        String message = switch (verdict) {
            case "fail" -> describe + ": failed" + (evidence.isEmpty() ? "" : " (" + evidence + ")");
            case "pass" -> describe + ": passed";
            default -> describe + ": inconclusive" + (k.path("note").isTextual() ? ": " + k.path("note").asText()
                    : k.path("samples_to_settle").isNumber() ? ": about " + k.path("samples_to_settle").asLong()
                    + " requests per side would settle it" : "");
        };
        return new Case(suite, "infergate." + condition, condition + ": " + describe, verdict, message, evidence);
    }

    private static String evidence(JsonNode figures, String statistic) {
        if (figures == null) {
            return "";
        }
        for (JsonNode f : figures) {
            if (f.path("statistic").asText().equals(statistic)) {
                String unit = f.path("unit").asText("");
                StringBuilder sb = new StringBuilder();
                sb.append("baseline ").append(f.path("baseline").asText()).append(unit.isEmpty() ? "" : " " + unit)
                        .append(", candidate ").append(f.path("candidate").asText()).append(unit.isEmpty() ? "" : " " + unit);
                if (f.path("delta").isNumber()) {
                    sb.append(String.format(Locale.ROOT, ", delta %+.1f %%", f.path("delta").asDouble() * 100));
                }
                JsonNode ci = f.path("delta_ci");
                if (ci.isArray() && ci.size() == 2) {
                    sb.append(String.format(Locale.ROOT, " [%+.1f %%, %+.1f %%]", ci.get(0).asDouble() * 100,
                            ci.get(1).asDouble() * 100));
                }
                return sb.toString();
            }
        }
        return "";
    }

    /** {@code s} with every character XML 1.0 cannot hold replaced by U+FFFD; "" for null. */
    static String clean(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> sb.appendCodePoint(cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
                || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF) ? cp : 0xFFFD));
        return sb.toString();
    }
}
