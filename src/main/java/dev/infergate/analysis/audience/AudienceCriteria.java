package dev.infergate.analysis.audience;

import dev.infergate.analysis.compare.Criteria;
import dev.infergate.config.YamlNode;
import java.util.List;

/** Reads the audiences of a criteria file or a plan: its {@code audiences:}, else one audience {@value Audience#ALL}. */
public final class AudienceCriteria {
    private AudienceCriteria() {}

    /**
     * A criteria file's audiences: its {@code audiences:} mapping; otherwise one audience {@value Audience#ALL}
     * holding its {@code criteria:} (a plan file) or the whole file (a criteria file).
     */
    public static List<Audience> parse(String source, String yaml) {
        YamlNode root = YamlNode.parse(source, yaml);
        if (root.isMap() && root.get("audiences") != null) {
            return of(root.get("audiences"), root.get("criteria"));
        }
        return List.of(Audience.all(Criteria.parse(source, yaml)));
    }

    /**
     * The audiences declared under {@code audiences}, refusing a {@code criteria:} beside them (whose audience would
     * it be?).
     */
    public static List<Audience> of(YamlNode audiences, YamlNode criteria) {
        if (criteria != null) {
            throw criteria.error("cannot be given beside audiences:; put these criteria under each audience that"
                    + " cares about them");
        }
        return Audiences.parse(audiences);
    }
}
