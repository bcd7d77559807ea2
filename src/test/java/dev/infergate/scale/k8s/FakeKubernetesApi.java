package dev.infergate.scale.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The handful of Kubernetes API paths {@code KubernetesFleet} calls, on loopback: create, get, merge-patch and delete
 * of namespaced objects (Secret, ServiceAccount, Role, RoleBinding, ConfigMap, Job); a Job's creation makes its pods,
 * which a list of pods moves on from Pending to Running and then Ready; a pod's log is given once the barrier
 * ConfigMap holds a start, and the pod has then succeeded. Every request is recorded, bodies included.
 * (fabric8's own mock server brings Vert.x 4, which clashes with our Vert.x 5.)
 */
final class FakeKubernetesApi implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    /** One request as received. */
    record Call(String method, String path, String body) {}

    private final Vertx vertx = Vertx.vertx();
    private final HttpServer server;
    private final Map<String, ObjectNode> objects = Collections.synchronizedMap(new LinkedHashMap<>());
    private final List<Call> calls = Collections.synchronizedList(new ArrayList<>());
    private final Map<Integer, String> podLogs;
    private final Map<String, Integer> podPolls = Collections.synchronizedMap(new LinkedHashMap<>());
    private final Map<String, Boolean> logServed = Collections.synchronizedMap(new LinkedHashMap<>());
    private volatile int readyWhenStartPublished = -1;
    private int version = 1;

    /** @param podLogs the log each pod (by shard index) prints */
    FakeKubernetesApi(Map<Integer, String> podLogs) throws Exception {
        this.podLogs = Map.copyOf(podLogs);
        server = vertx.createHttpServer().requestHandler(this::handle).listen(0, "127.0.0.1")
                .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    String url() {
        return "http://127.0.0.1:" + server.actualPort();
    }

    List<Call> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    Map<String, ObjectNode> objects() {
        synchronized (objects) {
            return Map.copyOf(objects);
        }
    }

    /** How many pods were Ready when the start was written into the ConfigMap; -1 when it never was. */
    int readyWhenStartPublished() {
        return readyWhenStartPublished;
    }

    private void handle(HttpServerRequest req) {
        req.body().onSuccess(body -> {
            String text = body.toString();
            calls.add(new Call(req.method().name(), req.path(), text));
            try {
                route(req, text);
            } catch (Exception e) {
                reply(req, 500, status(500, e.toString()));
            }
        });
    }

    private void route(HttpServerRequest req, String body) throws Exception {
        String path = req.path();
        String method = req.method().name();
        if (path.endsWith("/log") && path.contains("/pods/")) {
            servePodLog(req, path.substring(path.indexOf("/pods/") + 6, path.length() - 4));
        } else if (path.endsWith("/pods") && method.equals("GET")) {
            reply(req, 200, podList());
        } else if (method.equals("POST")) {
            ObjectNode object = (ObjectNode) JSON.readTree(body);
            ObjectNode metadata = (ObjectNode) object.get("metadata");
            String key = path + "/" + metadata.get("name").asText();
            if (objects.containsKey(key)) {
                reply(req, 409, status(409, "already exists"));
                return;
            }
            metadata.put("resourceVersion", Integer.toString(version++)).put("uid", "uid-" + version);
            objects.put(key, object);
            if (object.path("kind").asText().equals("Job")) {
                createPods(object);
            }
            reply(req, 201, object);
        } else if (method.equals("GET") || method.equals("PATCH") || method.equals("DELETE")) {
            ObjectNode object = objects.get(path);
            if (object == null) {
                reply(req, 404, status(404, path + " not found"));
            } else if (method.equals("GET")) {
                reply(req, 200, object);
            } else if (method.equals("PATCH")) {
                merge(object, JSON.readTree(body));
                if (object.path("data").has("start-at") && readyWhenStartPublished < 0) {
                    readyWhenStartPublished = (int) objects.values().stream().filter(FakeKubernetesApi::isReadyPod).count();
                }
                reply(req, 200, object);
            } else {
                objects.remove(path);
                reply(req, 200, object);
            }
        } else {
            reply(req, 405, status(405, method + " " + path));
        }
    }

    private void createPods(ObjectNode job) {
        String ns = job.at("/metadata/namespace").asText();
        int n = job.at("/spec/completions").asInt();
        for (int i = 0; i < n; i++) {
            ObjectNode pod = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Pod");
            ObjectNode metadata = pod.putObject("metadata").put("name", job.at("/metadata/name").asText() + "-" + i + "-x7k2")
                    .put("namespace", ns);
            metadata.set("labels", job.at("/spec/template/metadata/labels").deepCopy());
            metadata.putObject("annotations").put(KubernetesFleet.INDEX_ANNOTATION, Integer.toString(i));
            pod.putObject("status").put("phase", "Pending");
            objects.put("/api/v1/namespaces/" + ns + "/pods/" + metadata.get("name").asText(), pod);
        }
    }

    private static boolean isReadyPod(ObjectNode object) {
        return object.path("kind").asText().equals("Pod") && object.at("/status/phase").asText().equals("Running")
                && object.at("/status/conditions/0/status").asText().equals("True");
    }

    /** Each list moves a pod on: Pending, then Running, then Running and Ready; one whose log was read has Succeeded. */
    private synchronized ObjectNode podList() {
        ObjectNode list = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "PodList");
        list.putObject("metadata").put("resourceVersion", Integer.toString(version));
        ArrayNode items = list.putArray("items");
        objects.values().stream().filter(o -> o.path("kind").asText().equals("Pod")).forEach(pod -> {
            String name = pod.at("/metadata/name").asText();
            int polls = podPolls.merge(name, 1, Integer::sum);
            ObjectNode status = (ObjectNode) pod.get("status");
            if (Boolean.TRUE.equals(logServed.get(name))) {
                status.put("phase", "Succeeded");
                status.putArray("conditions").addObject().put("type", "Ready").put("status", "False");
                status.putArray("containerStatuses").addObject().put("name", "infergate").putObject("state")
                        .putObject("terminated").put("exitCode", 0);
            } else if (polls >= 2) {
                status.put("phase", "Running");
                status.putArray("conditions").addObject().put("type", "Ready").put("status", polls >= 3 ? "True" : "False");
            }
            items.add(pod);
        });
        return list;
    }

    private void servePodLog(HttpServerRequest req, String podName) {
        ObjectNode pod = objects.values().stream().filter(o -> o.path("kind").asText().equals("Pod")
                && o.at("/metadata/name").asText().equals(podName)).findFirst().orElse(null);
        if (pod == null) {
            reply(req, 404, status(404, "pod " + podName + " not found"));
            return;
        }
        int index = Integer.parseInt(pod.at("/metadata/annotations").get(KubernetesFleet.INDEX_ANNOTATION).asText());
        req.response().setChunked(true).putHeader("Content-Type", "text/plain");
        vertx.setPeriodic(20, timer -> { // the worker prints its results only after the start
            boolean started = objects.values().stream().anyMatch(o -> o.path("kind").asText().equals("ConfigMap")
                    && o.path("data").has("start-at"));
            if (started) {
                vertx.cancelTimer(timer);
                logServed.put(podName, true);
                req.response().end(podLogs.getOrDefault(index, ""));
            }
        });
    }

    private static void merge(ObjectNode target, JsonNode patch) {
        patch.fields().forEachRemaining(e -> {
            if (e.getValue().isObject() && target.get(e.getKey()) instanceof ObjectNode inner) {
                merge(inner, e.getValue());
            } else if (e.getValue().isNull()) {
                target.remove(e.getKey());
            } else {
                target.set(e.getKey(), e.getValue());
            }
        });
    }

    private static ObjectNode status(int code, String message) {
        ObjectNode status = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Status").put("status", "Failure")
                .put("code", code).put("message", message);
        status.putObject("metadata");
        return status;
    }

    private static void reply(HttpServerRequest req, int code, JsonNode body) {
        req.response().setStatusCode(code).putHeader("Content-Type", "application/json").end(body.toString());
    }

    @Override
    public void close() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
