package dev.infergate.sim.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infergate.sim.SimServer;
import dev.infergate.sim.profile.Delivery;
import dev.infergate.sim.profile.SimProfile;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The simulator's wire options for gateway tests: HTTP/1.0 streams, X-Accel-Buffering, the compressing gateway. */
class SimWireOptionsTest {
    private static final String BODY = "{\"model\":\"sim-llama-8b\",\"messages\":[{\"role\":\"user\",\"content\":\"a b c d\"}],"
            + "\"max_tokens\":5,\"ignore_eos\":true,\"stream\":true}";

    /** Sends one raw request and reads the whole answer until the server closes the connection. */
    private static byte[] exchange(int port, String version, String extraHeaders) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(20_000);
            byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
            String head = "POST /v1/chat/completions " + version + "\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + body.length + "\r\nConnection: close\r\n" + extraHeaders + "\r\n";
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return all.toByteArray();
        }
    }

    private static int headEnd(byte[] answer) {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        return text.indexOf("\r\n\r\n") + 4;
    }

    @Test
    void anHttp10StreamingRequest_isAnsweredWithACloseDelimitedStream_notA500() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline"), "127.0.0.1", 0, 1)) {
            String answer = new String(exchange(server.port(), "HTTP/1.0", ""), StandardCharsets.UTF_8);
            String head = answer.substring(0, headEnd(answer.getBytes(StandardCharsets.ISO_8859_1)));
            assertThat(head).startsWith("HTTP/1.0 200").doesNotContainIgnoringCase("transfer-encoding")
                    .doesNotContainIgnoringCase("content-length");
            assertThat(answer).contains("\"finish_reason\":\"length\"").endsWith("data: [DONE]\n\n");
        }
    }

    @Test
    void xAccelBuffering_isTheProfilesChoice() throws Exception {
        for (String[] c : new String[][] {{"no", "X-Accel-Buffering: no"}, {"yes", "X-Accel-Buffering: yes"}, {"absent", null}}) {
            SimProfile p = SimProfile.bundled("baseline");
            SimProfile profile = new SimProfile(p.name(), p.description(), p.model(), p.maxModelLen(), p.maxNumSeqs(),
                    p.maxNumBatchedTokens(), p.blockSize(), p.numGpuBlocks(), p.cost(), p.streamInterval(), p.delivery(),
                    p.outputLength(), p.faults(), p.answerAccuracy(), p.reasoning(), c[0]);
            try (SimServer server = SimServer.start(profile, "127.0.0.1", 0, 1)) {
                String answer = new String(exchange(server.port(), "HTTP/1.1", ""), StandardCharsets.UTF_8);
                if (c[1] == null) {
                    assertThat(answer).doesNotContainIgnoringCase("X-Accel-Buffering");
                } else {
                    assertThat(answer).contains(c[1]);
                }
            }
        }
    }

    @Test
    void theCompressingGateway_gzipsTheWholeStreamForClientsAskingForIt_only() throws Exception {
        try (SimServer server = SimServer.start(SimProfile.bundled("baseline").withDelivery(new Delivery.GzipBufferedWhenAsked()),
                "127.0.0.1", 0, 1)) {
            String plain = new String(exchange(server.port(), "HTTP/1.1", ""), StandardCharsets.UTF_8);
            assertThat(plain).doesNotContainIgnoringCase("Content-Encoding").contains("data: [DONE]");

            byte[] gz = exchange(server.port(), "HTTP/1.1", "Accept-Encoding: gzip, deflate\r\n");
            int end = headEnd(gz);
            String head = new String(gz, 0, end, StandardCharsets.ISO_8859_1);
            assertThat(head).contains("Content-Encoding: gzip");
            // one chunk holds the whole gzip member: "<hex>\r\n" + member + "\r\n0\r\n\r\n"
            String rest = new String(gz, end, gz.length - end, StandardCharsets.ISO_8859_1);
            int sizeEnd = rest.indexOf("\r\n");
            int size = Integer.parseInt(rest.substring(0, sizeEnd), 16);
            assertThat(rest.substring(sizeEnd + 2 + size)).isEqualTo("\r\n0\r\n\r\n");
            byte[] member = new byte[size];
            System.arraycopy(gz, end + sizeEnd + 2, member, 0, size);
            String decoded = new String(new GZIPInputStream(new java.io.ByteArrayInputStream(member)).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertThat(decoded).startsWith("data: {").endsWith("data: [DONE]\n\n");
        }
    }

    @Test
    void theGatewayDelivery_isReadFromYaml() {
        assertThat(SimProfile.bundled("baseline").delivery()).isInstanceOf(Delivery.Incremental.class);
        Delivery d = dev.infergate.json.Json.COMPACT.convertValue("gzip_buffered", Delivery.class);
        assertThat(d).isInstanceOf(Delivery.GzipBufferedWhenAsked.class);
    }
}
