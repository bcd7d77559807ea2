package dev.infergate.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContentDecoderTest {
    private static final String SSE = "data: {\"choices\":[{\"delta\":{\"content\":\" one\"}}]}\n\n".repeat(40) + "data: [DONE]\n\n";

    private static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private static byte[] deflate(String text, boolean zlibWrapped) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream z = new DeflaterOutputStream(out, new Deflater(Deflater.DEFAULT_COMPRESSION, !zlibWrapped))) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    /** One decoded piece with the stamp of the read that yielded it. */
    private record Piece(String text, long readStamp) {}

    /** Feeds {@code body} in reads of {@code readSize} bytes, read k stamped k, as the tap hands them over. */
    private static List<Piece> feed(ContentDecoder d, byte[] body, int readSize) {
        List<Piece> pieces = new ArrayList<>();
        long stamp = 0;
        for (int off = 0; off < body.length; off += readSize, stamp++) {
            long readStamp = stamp;
            d.decode(body, off, Math.min(readSize, body.length - off),
                    (b, o, l) -> pieces.add(new Piece(new String(b, o, l, StandardCharsets.ISO_8859_1), readStamp)));
        }
        d.close();
        return pieces;
    }

    private static String joined(List<Piece> pieces) {
        StringBuilder sb = new StringBuilder();
        pieces.forEach(p -> sb.append(p.text()));
        return sb.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 64, 100_000})
    void aGzipStream_decodesPieceByPiece_eachPieceWithTheStampOfTheReadThatBroughtIt(int readSize) throws Exception {
        byte[] body = gzip(SSE);
        List<Piece> pieces = feed(ContentDecoder.forEncoding("gzip"), body, readSize);
        assertThat(joined(pieces)).isEqualTo(SSE);
        long reads = (body.length + readSize - 1) / readSize;
        assertThat(pieces).allSatisfy(p -> assertThat(p.readStamp()).isBetween(0L, reads - 1));
        for (int i = 1; i < pieces.size(); i++) {
            assertThat(pieces.get(i).readStamp()).isGreaterThanOrEqualTo(pieces.get(i - 1).readStamp());
        }
    }

    @Test
    void deflate_isTakenZlibWrappedOrRaw() throws Exception {
        assertThat(joined(feed(ContentDecoder.forEncoding("deflate"), deflate(SSE, true), 13))).isEqualTo(SSE);
        assertThat(joined(feed(ContentDecoder.forEncoding("Deflate"), deflate(SSE, false), 13))).isEqualTo(SSE);
    }

    @Test
    void noEncodingOrAnUnknownOne_needsNoDecoder() {
        assertThat(ContentDecoder.forEncoding(null)).isNull();
        assertThat(ContentDecoder.forEncoding("identity")).isNull();
        assertThat(ContentDecoder.forEncoding("br")).isNull();
    }

    @Test
    void bytesThatAreNotWhatTheHeaderSaid_goOnAsTheyCame() {
        byte[] plain = SSE.getBytes(StandardCharsets.UTF_8);
        assertThat(joined(feed(ContentDecoder.forEncoding("gzip"), plain, 50))).isEqualTo(SSE);
    }

    @Test
    void aWholeBody_isDecodedByItsHeader() throws Exception {
        assertThat(new String(ContentDecoder.decodeWhole("gzip", gzip("{\"data\":[]}")), StandardCharsets.UTF_8))
                .isEqualTo("{\"data\":[]}");
        assertThat(ContentDecoder.decodeWhole(null, new byte[] {1, 2})).containsExactly(1, 2);
    }
}
