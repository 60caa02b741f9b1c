#!/bin/sh
# A standby of docker/postgres.yml (as the postgres user): on an empty volume, copies the primary
# with pg_basebackup, retrying until the primary lets it, and writes the recovery settings
# (--write-recovery-conf: standby.signal and primary_conninfo), named after its host name
# (application_name), as the primary's synchronous_standby_names lists it; then runs as a hot
# standby.
set -e
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup --host=postgres1 --username=mqbench --pgdata="$PGDATA" \
    --wal-method=stream --checkpoint=fast --write-recovery-conf; do
    rm -rf "$PGDATA"
    sleep 2
  done
  echo "primary_conninfo = 'host=postgres1 port=5432 user=mqbench application_name=$(hostname)'" \
    >> "$PGDATA/postgresql.auto.conf"
fi
chmod 700 "$PGDATA"
exec postgres -c hot_standby=on -c fsync=on
