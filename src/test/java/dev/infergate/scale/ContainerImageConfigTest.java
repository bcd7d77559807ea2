package dev.infergate.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The image build cannot run here (the base image's registry is out of reach), so its configuration is checked
 * instead: Jib is pinned, bound to no phase that CI runs, and the JVM sizes its heap from the container's memory.
 */
class ContainerImageConfigTest {

    private static Element jibPlugin() throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        var pom = factory.newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        NodeList plugins = pom.getElementsByTagName("plugin");
        for (int i = 0; i < plugins.getLength(); i++) {
            Element plugin = (Element) plugins.item(i);
            if (text(plugin, "artifactId").equals("jib-maven-plugin") && plugin.getElementsByTagName("configuration").getLength() > 0) {
                return plugin;
            }
        }
        throw new AssertionError("pom.xml configures no jib-maven-plugin");
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }

    @Test
    void jib_isPinnedAndBoundToNoPhase() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        assertThat(pom).contains("<artifactId>jib-maven-plugin</artifactId><version>3.5.2</version>");
        Element jib = jibPlugin();
        assertThat(jib.getElementsByTagName("executions").getLength()).as("jib bound to a phase CI runs").isZero();
        assertThat(text((Element) jib.getElementsByTagName("from").item(0), "image")).startsWith("eclipse-temurin:17");
    }

    @Test
    void jibEntrypoint_sizesTheHeapFromTheContainer_andStartsTheCli() throws Exception {
        NodeList parts = ((Element) jibPlugin().getElementsByTagName("entrypoint").item(0)).getElementsByTagName("entrypoint");
        List<String> entrypoint = new ArrayList<>();
        for (int i = 0; i < parts.getLength(); i++) {
            entrypoint.add(parts.item(i).getTextContent().trim());
        }
        assertThat(entrypoint.get(0)).isEqualTo("java");
        assertThat(entrypoint).contains("-XX:MaxRAMPercentage=75", "${main.class}");
        assertThat(entrypoint).noneMatch(a -> a.startsWith("-Xmx"));
    }

    @Test
    void dockerfile_usesMaxRamPercentage_notAFixedHeap() throws Exception {
        String dockerfile = Files.readString(Path.of("Dockerfile"));
        assertThat(dockerfile).contains("-XX:MaxRAMPercentage=").doesNotContain("-Xmx");
    }
}
