#!/usr/bin/env bash
# Builds the gateway and runs every harness, the whole set twice (BENCH_RUNS): shared machines
# drift, so each figure comes with a second one. Each harness run prints one JSON line on
# stdout (progress goes to stderr); BENCH_OUT=<file> also appends the lines to a file.
#
#   npm run bench           full sizes (about 25 minutes on 2 cores)
#   npm run bench:smoke     N = 50 and short durations, each harness once
set -uo pipefail
cd "$(dirname "$0")/.."
# 10,000 client sockets in a generator and 10,000 in a gateway node: raise the soft limit
ulimit -n "$(ulimit -Hn)"

smoke=false
if [[ "${1:-}" == "--smoke" ]]; then smoke=true; fi
runs=${BENCH_RUNS:-2}
if $smoke; then runs=1; fi

npx tsc -b apps/gateway >&2 || exit 1

failed=0
harness() {
  local name=$1
  shift
  if ! BENCH_RUN=$run node "bench/$name.mjs" "$@" | tee -a "${BENCH_OUT:-/dev/null}"; then
    echo "bench: $name (run $run) failed" >&2
    failed=1
  fi
}

for run in $(seq 1 "$runs"); do
  if $smoke; then
    harness fanout --sockets 50 --rounds 2
    harness ingest --voters 50 --seconds 3 --bursts 1
    harness reads --units 50 --matters 3 --events 270 --requests 5
    harness deadlines --matters 20 --spread-ms 1000
    harness memory --sockets 50
    harness multinode --sockets-per-node 50 --rounds 2
    harness run-import-members --units 50
    harness socket-flood --voters 50 --flood-seconds 5
    harness election-count --ballots 50 --runs 1
    harness report-minutes --units 50 --matters 2 --events 100 --renders 2
  else
    harness fanout
    harness ingest --voters 10000 --seconds 30
    harness reads
    harness deadlines --matters 50
    harness deadlines
    harness memory
    harness multinode --sockets-per-node 10000
    harness run-import-members
    harness socket-flood
    harness election-count
    harness report-minutes
  fi
done
exit $failed
