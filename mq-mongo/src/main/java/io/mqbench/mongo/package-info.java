/**
 * The {@code mongo} backend: MongoDB used as a queue with leased claims, after the original study's
 * method, plus a batch claim; and the local {@code mongo-java-server} stand-in ({@link
 * io.mqbench.mongo.LocalMongo}), which is not MongoDB. Start with {@link
 * io.mqbench.mongo.MongoMqProvider}.
 */
package io.mqbench.mongo;
