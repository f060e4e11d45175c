#!/usr/bin/env bash
# Run a command (the test suite) with Spark up: a Spark Connect server in local[2] mode, and a
# standalone master with one worker under a second Spark Connect server, all on 127.0.0.1 and
# free ports, all stopped when the command ends. It installs nothing with a package manager:
# Java must be on the machine already (any 17 or later); pyspark, whose jars carry the Spark
# Connect server, comes from PyPI into the Python that `python3` names (`just test` puts the
# project's virtual environment first on PATH).
#
# The command sees QUERYCELL_SPARK_URL (local[2]), QUERYCELL_SPARK_STANDALONE_URL and
# QUERYCELL_SPARK_TOKEN (both servers require it). Run as root (CI), the servers run as
# `nobody` (QUERYCELL_SPARK_SERVER_USER says so), from a hard-linked copy of Spark's files:
# data files the tests write as root are then files the servers can read and not write.
# Without Java, or when pyspark cannot be installed, it runs the command without servers and
# QUERYCELL_SPARK_SKIP says why: the Spark tests then pass without running and say so loudly,
# and so does the last line of `.ci/run`. Start-up time goes to stderr.
set -euo pipefail
PYSPARK_VERSION=4.3.0

skip() { # why command...
  echo "!!!!!!!! $1: the Spark tests will NOT run !!!!!!!!" >&2
  export QUERYCELL_SPARK_SKIP="$1"
  shift
  exec "$@"
}
if ! command -v java >/dev/null 2>&1; then
  skip "no Java on this machine (install a JDK or JRE 17+ to run them)" "$@"
fi
python3 -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$PYSPARK_VERSION')" 2>/dev/null \
  || python3 -m pip install --quiet "pyspark==$PYSPARK_VERSION" >&2 \
  || skip "pyspark $PYSPARK_VERSION could not be installed into $(command -v python3)" "$@"
SPARK_HOME=$(python3 -c "import os, pyspark; print(os.path.dirname(pyspark.__file__))")
export SPARK_HOME

state=$(mktemp -d /tmp/querycell-spark.XXXXXX)
chmod 755 "$state"
as_server=()
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
  # Hard links: no copy of the 450 MB, and no need for `nobody` to reach into /root.
  cp -al "$SPARK_HOME" "$state/spark" 2>/dev/null || cp -a "$SPARK_HOME" "$state/spark"
  SPARK_HOME="$state/spark"
  mkdir -p "$state/home" "$state/work"
  chown nobody "$state/home" "$state/work"
  as_server=(setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups env HOME="$state/home")
  export QUERYCELL_SPARK_SERVER_USER=nobody
fi
free_port() { python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"; }
local_port=$(free_port); standalone_port=$(free_port); master_port=$(free_port)
token=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
pids=()

stop() {
  for dir in "$state"/connect-*; do
    [ -d "$dir" ] && SPARK_PID_DIR="$dir" SPARK_LOG_DIR="$dir" "${as_server[@]}" "$SPARK_HOME/sbin/stop-connect-server.sh" >/dev/null 2>&1 || true
  done
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$state"
}
trap stop EXIT

started=$(date +%s.%N)
# The standalone cluster: a master and one worker with one core.
"${as_server[@]}" "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$master_port" --webui-port 0 \
  >"$state/master.log" 2>&1 &
pids+=($!)
"${as_server[@]}" "$SPARK_HOME/bin/spark-class" org.apache.spark.deploy.worker.Worker "spark://127.0.0.1:$master_port" --host 127.0.0.1 \
  --cores 1 --memory 1g --webui-port 0 --work-dir "$state/work" >"$state/worker.log" 2>&1 &
pids+=($!)

connect() { # name port master [conf...]
  local dir="$state/connect-$1" port=$2 master=$3; shift 3
  mkdir -p "$dir"
  [ ${#as_server[@]} -gt 0 ] && chown nobody "$dir"
  SPARK_PID_DIR="$dir" SPARK_LOG_DIR="$dir" SPARK_CONNECT_AUTHENTICATE_TOKEN="$token" \
    "${as_server[@]}" "$SPARK_HOME/sbin/start-connect-server.sh" --master "$master" \
    --conf spark.connect.grpc.binding.address=127.0.0.1 --conf "spark.connect.grpc.binding.port=$port" \
    --conf spark.ui.enabled=false --conf "spark.sql.warehouse.dir=$dir/warehouse" \
    --conf spark.sql.shuffle.partitions=4 --conf spark.driver.memory=1g "$@" >/dev/null
}
# Its sessions default to another time zone than UTC and to ANSI mode off, as a real
# cluster's may: querycell's session must set its own (tests/all/serve/spark.rs,
# a_cluster_in_another_time_zone_answers_in_utc, an_overflowing_sum_on_spark_is_an_error_not_a_wrong_number).
connect local "$local_port" 'local[2]' --conf spark.sql.session.timeZone=America/Los_Angeles --conf spark.sql.ansi.enabled=false
connect standalone "$standalone_port" "spark://127.0.0.1:$master_port" --conf spark.cores.max=1 --conf spark.executor.memory=1g

wait_port() { # port what
  for _ in $(seq 1 600); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "the $2 did not start in 120 s; its log:" >&2
  cat "$state"/connect-*/*.out "$state"/*.log >&2 2>/dev/null || true
  exit 1
}
wait_port "$local_port" "Spark Connect server (local[2])"
echo "spark: local[2] Spark Connect up $(python3 -c "print(round($(date +%s.%N) - $started, 1))") s after start" >&2
wait_port "$standalone_port" "Spark Connect server (standalone)"
wait_port "$master_port" "standalone master"
echo "spark: standalone cluster and its Spark Connect server up $(python3 -c "print(round($(date +%s.%N) - $started, 1))") s after start" >&2

export QUERYCELL_SPARK_URL="sc://127.0.0.1:$local_port"
export QUERYCELL_SPARK_STANDALONE_URL="sc://127.0.0.1:$standalone_port"
export QUERYCELL_SPARK_TOKEN="$token"
set +e
"$@"
status=$?
set -e
exit "$status"
