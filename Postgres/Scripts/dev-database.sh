#!/usr/bin/env bash
# A private PostgreSQL for pokedex-service, in a directory of its own, in the foreground:
# Ctrl-C (or SIGTERM) stops it. The data stays in the directory for the next start.
#
#   bash Postgres/Scripts/dev-database.sh [--dir DIR] [--port PORT]
#
#   --dir DIR     where the cluster and its socket live (the server logs to the terminal)
#                 (default: $TMPDIR/pokedex-postgres, or /tmp/pokedex-postgres as root)
#   --port PORT   the TCP port on 127.0.0.1 (default 55432)
#
# The first start makes the cluster (initdb: UTF-8, locale C, superuser `postgres`) and the
# database `pokedex`. The server listens on 127.0.0.1 only, with trust authentication: any
# local user may connect, so keep it to a development machine. fsync stays on: commits are
# durable, as in production.
#
# PostgreSQL refuses to run as root: as root, the server runs as `nobody` through setpriv
# (util-linux), which is given the directory, as the tests' private server does. The
# programs are taken from $POSTGRES_BIN, else the newest /usr/lib/postgresql/*/bin, else PATH.
set -euo pipefail

port=55432
if [ "$(id -u)" = 0 ]; then base=/tmp; else base="${TMPDIR:-/tmp}"; fi
dir="$base/pokedex-postgres"
while [ $# -gt 0 ]; do
    case "$1" in
        --dir) dir="${2:?--dir needs a directory}"; shift 2 ;;
        --port) port="${2:?--port needs a number}"; shift 2 ;;
        -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "dev-database.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
done
case "$port" in
    '' | *[!0-9]*) echo "dev-database.sh: --port expects a number, not '$port'" >&2; exit 2 ;;
esac

# PostgreSQL's programs.
bin=""
candidates=()
[ -n "${POSTGRES_BIN:-}" ] && candidates+=("$POSTGRES_BIN")
for version in $(ls /usr/lib/postgresql 2>/dev/null | sort -rn); do
    candidates+=("/usr/lib/postgresql/$version/bin")
done
IFS=: read -r -a path_dirs <<<"$PATH"
candidates+=("${path_dirs[@]}")
for candidate in "${candidates[@]}"; do
    if [ -x "$candidate/initdb" ] && [ -x "$candidate/postgres" ]; then bin="$candidate"; break; fi
done
if [ -z "$bin" ]; then
    echo "dev-database.sh: PostgreSQL's initdb and postgres were not found in \$POSTGRES_BIN," \
        "/usr/lib/postgresql/*/bin or PATH: install PostgreSQL (Debian: apt-get install" \
        "postgresql) or set POSTGRES_BIN." >&2
    exit 1
fi

# As root, the server's programs run as nobody.
as_server=()
if [ "$(id -u)" = 0 ]; then
    group=$(id -g nobody)
    as_server=(setpriv --reuid=nobody --regid="$group" --clear-groups --pdeathsig=TERM --)
fi

mkdir -p "$dir"
if [ "$(id -u)" = 0 ]; then chown nobody:"$group" "$dir"; fi
if [ ! -f "$dir/data/PG_VERSION" ]; then
    echo "Making a new cluster in $dir/data"
    "${as_server[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 \
        --locale=C --no-instructions >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
fi

"${as_server[@]}" "$bin/postgres" -D "$dir/data" -k "$dir" -p "$port" \
    -c listen_addresses=127.0.0.1 -c max_connections=200 &
server=$!
trap 'kill -INT "$server" 2>/dev/null || true' INT TERM

# Wait for it to accept connections (up to 300 s), then make the database once.
for _ in $(seq 1 3000); do
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres && break
    kill -0 "$server" 2>/dev/null || { wait "$server" || true; exit 1; }
    sleep 0.1
done
"$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres || {
    echo "dev-database.sh: PostgreSQL did not accept connections within 300 s" >&2
    kill -INT "$server"
    exit 1
}
exists=$("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'pokedex'")
if [ "$exists" != 1 ]; then
    "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres pokedex
fi

cat <<EOF

PostgreSQL is running on 127.0.0.1:$port (database pokedex, user postgres, no password),
data in $dir/data. Ctrl-C stops it.

Start the service (another terminal):

    swift run --package-path Postgres pokedex-service --db-port $port

and a second instance on the same database:

    swift run --package-path Postgres pokedex-service --db-port $port --http-port 8081

Connect with psql:

    psql -h 127.0.0.1 -p $port -U postgres pokedex

EOF

# In the foreground until the server stops; Ctrl-C is a fast shutdown.
status=0
wait "$server" || status=$?
# A signal interrupts the wait: wait again, for the server to finish shutting down and for
# its own exit status.
if [ "$status" -gt 128 ]; then
    status=0
    wait "$server" || status=$?
fi
exit "$status"
