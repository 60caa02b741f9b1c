# The mqbench image: the runner's self-contained jar on a JRE. Used by docker/bench.yml (workers and
# a coordinator next to a compose cluster) and by the Kubernetes Job in k8s/.
#
#   docker build -t mqbench:0.1.0 .
#   docker run --rm mqbench:0.1.0 --help
#
# Stage 1 builds with the Maven wrapper (the same command as the README's), stage 2 keeps only the
# jar: no JDK, no Maven, no sources in the image.
FROM eclipse-temurin:17.0.13_11-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -q package -DskipTests -Dspotless.check.skip=true

FROM eclipse-temurin:17.0.13_11-jre
# A user of its own: the runner needs no root; results go to /results (a volume).
# A fixed uid, so that Kubernetes can give it a volume (fsGroup 10001 in k8s/mqbench.yaml).
RUN useradd --system --uid 10001 --create-home --home-dir /home/mqbench mqbench \
    && mkdir -p /results && chown mqbench /results
COPY --from=build /src/runner/target/mqbench.jar /opt/mqbench/mqbench.jar
USER mqbench
WORKDIR /results
VOLUME /results
ENV JAVA_OPTS="-Xmx1g"
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /opt/mqbench/mqbench.jar \"$@\"", "mqbench"]
CMD ["--help"]
