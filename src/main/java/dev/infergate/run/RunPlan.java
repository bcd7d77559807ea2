package dev.infergate.run;

import dev.infergate.analysis.Slo;
import dev.infergate.client.Endpoint;
import dev.infergate.client.Timeouts;
import dev.infergate.json.Json;
import dev.infergate.load.LoadModel;
import dev.infergate.load.RunLimits;
import dev.infergate.load.Shard;
import dev.infergate.workload.WorkloadDefinition;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

/**
 * Everything one measured run needs: built by {@code infergate run} from options, and by {@code accept}
 * for each condition of its matrix.
 *
 * @param endpoint     where to send (model may be null: the server's first)
 * @param workload     what to send
 * @param tokenizer    auto, server, or a bundled tokenizer name
 * @param load         closed or open loop
 * @param limits       length, warm-up and drain
 * @param shard        which part of the schedule this worker sends
 * @param timeouts     per-request limits
 * @param slo          goodput targets
 * @param labels       free key=value labels recorded with the results (e.g. gpu=H100)
 * @param condition    label for every record (matrix condition), or null
 * @param out          the run directory
 * @param exactOutput  try ignore_eos/min_tokens so outputs have the asked length
 * @param eventSampleEvery keep per-event arrival offsets for every n-th request (timelines); 0: none
 * @param eventLoops   client event loops (threads doing I/O)
 * @param apiKeyEnv    the variable the API key came from (for messages only)
 * @param apiKeySet    whether a key was found
 * @param serverMetrics the server's Prometheus page to scrape, or null
 * @param gpuMetrics   a GPU exporter's page (NVIDIA DCGM) to scrape into gpu_metrics.jsonl, or null
 */
public record RunPlan(Endpoint endpoint, WorkloadDefinition workload, String tokenizer, LoadModel load, RunLimits limits,
        Shard shard, Timeouts timeouts, Slo slo, Map<String, String> labels, String condition, Path out,
        boolean exactOutput, int eventSampleEvery, int eventLoops, String apiKeyEnv, boolean apiKeySet,
        URI serverMetrics, URI gpuMetrics) {

    public RunPlan {
        if (endpoint == null || workload == null || load == null || limits == null || out == null) {
            throw new IllegalArgumentException("endpoint, workload, load, limits and out must be set");
        }
        labels = Json.ordered(labels == null ? Map.of() : labels); // as given: run.json writes them in this order
        if ((workload.sessions() != null) != (load.kind() == LoadModel.Kind.SESSIONS)) {
            throw new IllegalArgumentException("agent sessions need both the session workload and the session load model");
        }
        if (eventLoops < 1) {
            throw new IllegalArgumentException("event loops (" + eventLoops + ") must be >= 1");
        }
    }

    /**
     * This plan with another workload and load model and every other setting kept (a trace replay given the
     * server's context length). The one place a plan is copied, so a component added later cannot be dropped.
     */
    public RunPlan withWorkloadAndLoad(WorkloadDefinition otherWorkload, LoadModel otherLoad) {
        return new RunPlan(endpoint, otherWorkload, tokenizer, otherLoad, limits, shard, timeouts, slo, labels, condition, out,
                exactOutput, eventSampleEvery, eventLoops, apiKeyEnv, apiKeySet, serverMetrics, gpuMetrics);
    }
}
