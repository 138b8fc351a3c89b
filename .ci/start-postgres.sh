#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the store tests and prints shell exports for it:
#   eval "$(bash .ci/start-postgres.sh)"
# The cluster lives under /tmp, listens on 127.0.0.1 only, on a free port, and trusts local
# connections (it holds nothing but test data). Logs go to stderr; stdout carries only the exports.
set -euo pipefail

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "start-postgres: no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 1
fi

# initdb refuses to run as root; run the server as the postgres system user when we are root.
if [ "$(id -u)" = "0" ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql postgres
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

DIR="$(mktemp -d /tmp/parley-pg.XXXXXX)"
chmod 755 "$DIR"
[ "$(id -u)" = "0" ] && chown postgres "$DIR"

# A free port: ask the kernel for one, then hand it to postgres (a race with another process is
# possible but harmless here: startup would fail loudly).
PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null \
  || node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"

as_pg "$PG_BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >&2
as_pg "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >&2
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres parley_test >&2

URL="postgres://postgres@127.0.0.1:$PORT/parley_test"
echo "export PARLEY_TEST_PG_URL='$URL'"
echo "export PARLEY_TEST_PG_DIR='$DIR'"
echo "# stop with: runuser -u postgres -- $PG_BIN/pg_ctl -D $DIR/data stop" 
