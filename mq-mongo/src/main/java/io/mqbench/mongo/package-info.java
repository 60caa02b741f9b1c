/**
 * The {@code mongo} backend: MongoDB used as a queue with leased claims, after the original study's
 * method, plus a batch claim; and the local {@code mongo-java-server} stand-in (its descriptor in
 * {@link io.mqbench.mongo.MongoMqProvider}, its main class in mq-mongo-broker), which is not
 * MongoDB. Start with {@link io.mqbench.mongo.MongoMqProvider}.
 */
package io.mqbench.mongo;
