package dev.infergate.run;

import dev.infergate.client.HttpExecutor;
import dev.infergate.client.ModelContext;
import dev.infergate.load.TraceSchedule;
import dev.infergate.workload.WorkloadDefinition;
import dev.infergate.workload.trace.TraceSpec;

/**
 * Gives a trace replay the server's context length when {@code --max-context} named none, before the
 * workload and the schedule read the trace, so both skip the same too-long requests.
 */
final class TraceContext {
    private TraceContext() {}

    /** {@code plan} with its trace's context filled from the server's model metadata; unchanged without a trace. */
    static RunPlan resolve(RunPlan plan, HttpExecutor http) {
        TraceSpec trace = plan.workload().trace();
        if (trace == null || trace.maxContextTokens() > 0
                || !(plan.load().arrivals().orElse(null) instanceof TraceSchedule schedule)) {
            return plan;
        }
        int context = ModelContext.of(http, http.endpoint().model());
        if (context <= 0) {
            return plan;
        }
        WorkloadDefinition resolved = plan.workload().withTrace(trace.withMaxContext(context));
        return plan.withWorkloadAndLoad(resolved, plan.load().withArrivals(schedule.withMaxContext(context)));
    }
}
