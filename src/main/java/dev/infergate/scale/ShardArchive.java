package dev.infergate.scale;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A shard's run directory as text lines, so a pod can hand its results over in its own log before it exits (no
 * shared volume needed): each file is gzipped, cut into base64 lines, and checked on arrival by its size and
 * SHA-256. A log cut short (kubelet log rotation, a lost connection) gives no file rather than a wrong one.
 * Only the top-level regular files travel; report.html stays behind (the merged run has its own).
 */
public final class ShardArchive {
    static final String FILE = "infergate-file ";
    static final String DATA = "infergate-data ";
    static final String END = "infergate-archive-end ";
    private static final int RAW_BYTES_PER_LINE = 3 * 1024;
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,200}");

    private ShardArchive() {}

    /** Writes every result file of {@code runDir} to {@code out} as lines; returns how many files. */
    public static int write(Path runDir, PrintWriter out) throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(runDir)) {
            files = list.filter(Files::isRegularFile).filter(f -> SAFE_NAME.matcher(f.getFileName().toString()).matches())
                    .filter(f -> !f.getFileName().toString().equals("report.html")).sorted().toList();
        }
        for (Path file : files) {
            ByteArrayOutputStream gz = new ByteArrayOutputStream();
            MessageDigest sha = sha256();
            long size;
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha);
                    OutputStream zip = new GZIPOutputStream(gz)) {
                size = in.transferTo(zip);
            }
            out.println(FILE + file.getFileName() + " " + size + " " + HexFormat.of().formatHex(sha.digest()));
            byte[] bytes = gz.toByteArray();
            for (int at = 0; at < bytes.length; at += RAW_BYTES_PER_LINE) {
                int n = Math.min(RAW_BYTES_PER_LINE, bytes.length - at);
                out.println(DATA + Base64.getEncoder().encodeToString(Arrays.copyOfRange(bytes, at, at + n)));
            }
        }
        out.println(END + files.size());
        out.flush();
        return files.size();
    }

    /** Rebuilds a run directory from archive lines, fed one at a time (other lines are ignored). */
    public static final class Receiver {
        private final Path dir;
        private final List<String> problems = new ArrayList<>();
        private final List<String> received = new ArrayList<>();
        private String name;
        private long size;
        private String sha;
        private ByteArrayOutputStream data;
        private boolean ended;

        public Receiver(Path dir) {
            this.dir = dir;
        }

        /** Takes one line of the worker's output. */
        public void accept(String line) {
            try {
                if (line.startsWith(FILE)) {
                    finishFile();
                    String[] parts = line.substring(FILE.length()).trim().split(" ");
                    if (parts.length != 3 || !SAFE_NAME.matcher(parts[0]).matches()) {
                        throw new IOException("a garbled file header");
                    }
                    name = parts[0];
                    size = Long.parseLong(parts[1]);
                    sha = parts[2];
                    data = new ByteArrayOutputStream();
                } else if (line.startsWith(DATA) && data != null) {
                    data.write(Base64.getDecoder().decode(line.substring(DATA.length()).trim()));
                } else if (line.startsWith(END)) {
                    finishFile();
                    ended = Integer.parseInt(line.substring(END.length()).trim()) == received.size() && problems.isEmpty();
                }
            } catch (IOException | IllegalArgumentException e) {
                problems.add((name == null ? "archive" : name) + ": " + e.getMessage());
                name = null;
                data = null;
            }
        }

        private void finishFile() throws IOException {
            if (name == null) {
                return;
            }
            String file = name;
            name = null;
            Files.createDirectories(dir);
            Path part = dir.resolve(file + ".part");
            MessageDigest digest = sha256();
            long written;
            try (InputStream in = new DigestInputStream(new GZIPInputStream(new ByteArrayInputStream(data.toByteArray())), digest)) {
                written = Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
            }
            data = null;
            if (written != size || !HexFormat.of().formatHex(digest.digest()).equals(sha)) {
                Files.deleteIfExists(part);
                throw new IOException("arrived damaged (" + written + " of " + size + " bytes, or another checksum)");
            }
            Files.move(part, dir.resolve(file), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            received.add(file);
        }

        /** Whether the whole archive arrived intact. */
        public boolean complete() {
            return ended;
        }

        /** What went wrong, one entry per damaged file. */
        public List<String> problems() {
            return List.copyOf(problems);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
