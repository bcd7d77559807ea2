package dev.infergate.analysis.quality;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * quality.json rebuilt from a recorded side of the golden accept result (its header and its items log) is the
 * recorded file byte for byte: the typed document writes what the map did.
 */
class QualitySummaryGoldenTest {
    private static final Path SIDE = Path.of("src/test/resources/dev/infergate/golden/accept-small/quality/baseline");

    @Test
    void qualityJson_rebuiltFromTheRecordedItems_isTheRecordedFile() throws Exception {
        String recorded = Files.readString(SIDE.resolve(QualitySummary.FILE));
        QualityHeader header = Json.COMPACT.readValue(recorded, QualityHeader.class); // the keys before the figures
        QualitySummary.Document rebuilt = QualitySummary.build(header, ItemLog.read(SIDE.resolve(ItemLog.FILE)), 0.95);

        assertThat(Json.PRETTY.writeValueAsString(rebuilt)).isEqualTo(recorded.stripTrailing());
        assertThat(rebuilt.errors()).isZero();
    }
}
