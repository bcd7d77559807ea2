# A container image for scale-out (infergate k8s-job): build the jar first with ./mvnw -B -DskipTests package
FROM eclipse-temurin:17-jre
COPY target/infergate.jar /opt/infergate/infergate.jar
RUN printf '#!/bin/sh\nexec java ${INFERGATE_JAVA_OPTS:--Xmx2g} -jar /opt/infergate/infergate.jar "$@"\n' > /usr/local/bin/infergate \
    && chmod +x /usr/local/bin/infergate
ENTRYPOINT ["infergate"]
