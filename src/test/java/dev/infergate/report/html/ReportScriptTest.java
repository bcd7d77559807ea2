package dev.infergate.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ReportScriptTest {
    private static final Pattern DECLARATION = Pattern.compile("(?m)^  function (\\w+)\\(");

    @Test
    void everyModule_isASectionOfAtMost400Lines() {
        for (String module : ReportScript.MODULES) {
            String text = HtmlReport.resource("dev/infergate/report/html/" + module);
            assertThat(text.lines().count()).as(module).isBetween(20L, 400L);
        }
    }

    @Test
    void theModules_areInlinedInOrder_insideOneFunction() {
        String script = ReportScript.source();
        assertThat(script).startsWith("(function () {\n/* infergate HTML report").endsWith("  finish();\n})();\n");
        int at = 0;
        for (String module : ReportScript.MODULES) {
            String text = HtmlReport.resource("dev/infergate/report/html/" + module);
            int found = script.indexOf(text, at);
            assertThat(found).as(module + " after the one before").isGreaterThanOrEqualTo(at);
            at = found + text.length();
        }
        assertThat(script.indexOf("'use strict'")).as("strict mode is the function's first statement")
                .isLessThan(script.indexOf("var "));
    }

    @Test
    void everyFunction_isDeclaredInExactlyOneModule() {
        Map<String, String> declaredIn = new HashMap<>();
        for (String module : ReportScript.MODULES) {
            Matcher m = DECLARATION.matcher(HtmlReport.resource("dev/infergate/report/html/" + module));
            while (m.find()) {
                String before = declaredIn.put(m.group(1), module);
                assertThat(before).as("function " + m.group(1) + " declared again in " + module).isNull();
            }
        }
        assertThat(declaredIn).containsKeys("el", "renderDecision", "renderMatrix", "renderTimeline", "finish");
    }
}
