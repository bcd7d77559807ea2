package dev.infergate.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that sends requests to an endpoint given on the command line (run, probe, quality, capacity): its
 * {@link EndpointOptions} (the endpoint, how to reach it, the per-request time limits) come first in its help, before
 * the command's own options (picocli lists a superclass's options first).
 */
abstract class SendingCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EndpointOptions endpoint = new EndpointOptions();
}
