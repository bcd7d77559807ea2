# A container image for scale-out (infergate k8s run / k8s-job): build the jar first with ./mvnw -B -DskipTests package.
# Without a Docker daemon: ./mvnw -DskipTests package jib:build -Djib.to.image=REGISTRY/infergate:TAG (docs/scale-out.md).
# The heap is sized from the container's memory limit (MaxRAMPercentage), never a fixed heap size: set the pod's
# memory limit instead; INFERGATE_JAVA_OPTS replaces the default options.
FROM eclipse-temurin:17-jre
COPY target/infergate.jar /opt/infergate/infergate.jar
RUN printf '#!/bin/sh\nexec java ${INFERGATE_JAVA_OPTS:--XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError} -jar /opt/infergate/infergate.jar "$@"\n' > /usr/local/bin/infergate \
    && chmod +x /usr/local/bin/infergate
WORKDIR /work
ENTRYPOINT ["infergate"]
