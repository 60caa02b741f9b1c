#!/bin/sh
# docker/postgres.yml's primary, once, when its volume is initialised (docker-entrypoint-initdb.d,
# as the postgres user, while the entrypoint's temporary server runs): lets the standbys connect for
# replication, and makes every commit wait for one of them (ANY 1 of every node, each standby named
# after its host name) from the real server's start on. Set with ALTER SYSTEM
# (postgresql.auto.conf), not on the command line: the entrypoint's temporary server gets the
# command line too, and its own commits (CREATE DATABASE) would wait for a standby not there yet.
set -e
echo "host replication all all trust" >> "$PGDATA/pg_hba.conf"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -c "ALTER SYSTEM SET synchronous_standby_names = 'ANY 1 (postgres1, postgres2, postgres3)'"
