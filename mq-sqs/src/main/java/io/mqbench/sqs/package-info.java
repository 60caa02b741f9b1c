/**
 * The {@code sqs} backend: Amazon SQS through the AWS SDK for Java v2 ({@link
 * io.mqbench.sqs.SqsMqProvider}), and the local ElasticMQ stand-in (its descriptor in the provider,
 * its main class in mq-sqs-broker) the runner and the tests start in a JVM of its own.
 */
package io.mqbench.sqs;
