#!/usr/bin/env bash
# A local trial of several Cardavia servers on one PostgreSQL behind nginx, all on the loopback.
#
#   scripts/cluster.sh start N [SERVE OPTION...]  a throwaway PostgreSQL, N `cardavia serve` and nginx
#   scripts/cluster.sh status                      what runs: name, pid, port
#   scripts/cluster.sh restart I                   (re)start server I (1..N) as it was first started
#   scripts/cluster.sh stop                        stop them all and remove the folder
#
# Everything goes into one folder, $CARDAVIA_CLUSTER (default: cardavia-cluster in the temporary
# folder), which `start` prints: pid files, logs (node1.log..., nginx.log, postgres.log), the filled-in
# nginx configuration and the database files. Ports: the proxy on $CARDAVIA_PORT (default 8800),
# server I on CARDAVIA_PORT+I, PostgreSQL on CARDAVIA_PORT+100. SERVE OPTIONs (e.g. --ai-delay 0)
# go to every server. Needs Debian's postgresql and nginx (scripts/test.sh installs both) and the
# project's .venv (or $CARDAVIA_BIN, the `cardavia` command to run).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${CARDAVIA_CLUSTER:-${TMPDIR:-/tmp}/cardavia-cluster}
port=${CARDAVIA_PORT:-8800}
cardavia=${CARDAVIA_BIN:-$root/.venv/bin/cardavia}
nginx=$(command -v nginx || echo /usr/sbin/nginx)

die() { echo "error: $*" >&2; exit 2; }

pg_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$found" ] || die "PostgreSQL is not installed (Debian package postgresql)"
  echo "$found"
}

as_postgres() {  # initdb and postgres refuse to run as root
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

signal() {  # signal $1 to each pid that follows and to its process group (a server and its workers)
  local sig=$1 p
  shift
  for p in "$@"; do
    kill "-$sig" -- "-$p" 2>/dev/null || kill "-$sig" "$p" 2>/dev/null || true
  done
}

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

wait_port() {  # until the process of pid file $2 listens on 127.0.0.1:$1 (servers do once started)
  local deadline=$((SECONDS + 60))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    alive "$2" || die "$(basename "$2" | cut -d. -f1) did not start (see its log in $dir)"
    [ $SECONDS -lt $deadline ] || die "nothing listens on port $1 after 60 s (see the logs in $dir)"
    sleep 0.1
  done
}

start_node() {
  local i=$1 args=()
  alive "$dir/node$i.pid" && die "server $i is running"
  [ -s "$dir/serve.args" ] && mapfile -t args <"$dir/serve.args"
  # setsid: each server leads a process group of its own with its AI workers, which stop and
  # restart signal whole (the workers also exit by themselves when their server is gone)
  nohup setsid "$cardavia" serve --host 127.0.0.1 --port $((port + i)) --db "$(cat "$dir/db.url")" \
    --node "node$i" "${args[@]}" >>"$dir/node$i.log" 2>&1 </dev/null &
  echo $! >"$dir/node$i.pid"
  wait_port $((port + i)) "$dir/node$i.pid"
}

fill() {  # fill template $1 into $2
  sed -e "s|@DIR@|$dir|g" -e "s|@USER@|$(id -un)|g" -e "s|@LISTEN@|127.0.0.1:$port|g" \
    -e "s|@SERVERS@|$3|g" "$1" >"$2"
}

start() {
  local n=${1:-}
  [[ "$n" =~ ^[1-9][0-9]?$ ]] || die "usage: cluster.sh start N [SERVE OPTION...] (N: 1-99 servers)"
  shift
  [ -x "$cardavia" ] || die "$cardavia is missing: python3 -m venv .venv && .venv/bin/pip install -e '.[postgres]'"
  [ -x "$nginx" ] || die "nginx is not installed (Debian package nginx)"
  [ -e "$dir" ] && die "$dir exists: scripts/cluster.sh stop first"
  mkdir -p "$dir/pg" "$dir/nginx-tmp"
  trap failed_start EXIT  # a start that fails half way stops what it started
  chmod 755 "$dir"
  [ "$(id -u)" = 0 ] && chown postgres "$dir/pg"
  [ $# -gt 0 ] && printf '%s\n' "$@" >"$dir/serve.args"
  echo "$n" >"$dir/size"

  local bin pg_port=$((port + 100))
  bin=$(pg_bin)
  as_postgres "$bin/initdb" -D "$dir/pg" -U cardavia --auth=trust >"$dir/postgres.log" 2>&1 ||
    die "initdb failed (the postgres user must be able to enter $dir): see $dir/postgres.log"
  as_postgres "$bin/pg_ctl" -D "$dir/pg" -w -l "$dir/pg/postgres.log" \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -k $dir/pg -c fsync=off -c max_connections=300" start \
    >>"$dir/postgres.log" || die "PostgreSQL did not start: see $dir/pg/postgres.log"
  "$bin/createdb" -h 127.0.0.1 -p "$pg_port" -U cardavia cardavia
  echo "postgresql://cardavia@127.0.0.1:$pg_port/cardavia" >"$dir/db.url"

  local i servers=""
  for ((i = 1; i <= n; i++)); do
    start_node "$i"
    servers+="server 127.0.0.1:$((port + i)) max_fails=1 fail_timeout=3s; "
  done
  fill "$root/deploy/nginx-cardavia.conf.template" "$dir/cardavia.conf" "$servers"
  fill "$root/deploy/nginx-trial.conf.template" "$dir/nginx.conf" ""
  nohup "$nginx" -p "$dir" -c "$dir/nginx.conf" >>"$dir/nginx.log" 2>&1 </dev/null &
  echo $! >"$dir/nginx.pid.start"
  wait_port "$port" "$dir/nginx.pid.start"
  trap - EXIT
  echo "$dir"
  echo "Cardavia at http://127.0.0.1:$port/ ($n servers; database $(cat "$dir/db.url"))" >&2
}

failed_start() {  # the last lines of every log, then everything stopped and the folder removed
  local f
  echo "the start failed: everything it started is stopped and $dir removed; the logs ended with:" >&2
  for f in "$dir"/node*.log "$dir/nginx.log" "$dir/pg/postgres.log"; do
    [ -s "$f" ] && { echo "-- $(basename "$f") (last lines)"; tail -n 5 "$f"; } >&2
  done
  stop
}

status() {
  [ -d "$dir" ] || { echo "no cluster in $dir"; return 0; }
  local i n
  n=$(cat "$dir/size")
  for ((i = 1; i <= n; i++)); do
    if alive "$dir/node$i.pid"; then state="up"; else state="down"; fi
    echo "node$i pid $(cat "$dir/node$i.pid") port $((port + i)) $state"
  done
  if alive "$dir/nginx.pid.start"; then state="up"; else state="down"; fi
  echo "nginx pid $(cat "$dir/nginx.pid.start") port $port $state"
  echo "postgresql $(cat "$dir/db.url")"
}

stop() {
  [ -d "$dir" ] || return 0
  local f pids=()
  for f in "$dir"/node*.pid "$dir/nginx.pid.start"; do
    alive "$f" && pids+=("$(cat "$f")")
  done
  [ ${#pids[@]} -gt 0 ] && signal TERM "${pids[@]}"
  for _ in $(seq 100); do
    local left=()
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && left+=("$p"); done
    [ ${#left[@]} -eq 0 ] && break
    sleep 0.1
  done
  [ ${#pids[@]} -gt 0 ] && signal KILL "${pids[@]}"
  if [ -f "$dir/pg/postmaster.pid" ]; then
    as_postgres "$(pg_bin)/pg_ctl" -D "$dir/pg" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  status) status ;;
  restart)
    i=${2:-}
    [ -d "$dir" ] && [[ "$i" =~ ^[0-9]+$ ]] && [ "$i" -ge 1 ] && [ "$i" -le "$(cat "$dir/size")" ] ||
      die "usage: cluster.sh restart I (a server of the running cluster)"
    if alive "$dir/node$i.pid"; then signal TERM "$(cat "$dir/node$i.pid")"; fi
    while alive "$dir/node$i.pid"; do sleep 0.1; done
    signal KILL "$(cat "$dir/node$i.pid")"  # whatever of its group is left
    start_node "$i"
    ;;
  stop) stop ;;
  *) die "usage: cluster.sh start N [SERVE OPTION...] | status | restart I | stop" ;;
esac
