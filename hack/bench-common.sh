# Shared by the benchmark scripts (sourced, not run): GNU time, the generated fleets'
# cache, and the median.

# /usr/bin/time (GNU time, for -v and -f): install Debian's package when missing.
need_gnu_time() {
  if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time (Debian package 'time')" >&2
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time
  fi
}

# fleet_path CACHE CLUSTERS BINDINGS SEED: where a generated fleet is cached, keyed by
# the generator's source so that a changed generator regenerates it.
fleet_path() {
  local key
  key="$(cat src/fleetgen/*.rs examples/gen_fleet.rs | sha256sum | cut -c1-12)"
  echo "$1/fleet-${2}c-${3}b-s${4}-${key}.json"
}

# ensure_fleet GEN CACHE CLUSTERS BINDINGS SEED: generate the fleet unless cached.
ensure_fleet() {
  local f
  f="$(fleet_path "$2" "$3" "$4" "$5")"
  mkdir -p "$2"
  if [ ! -s "$f" ]; then
    echo "generating $f" >&2
    "$1" --clusters "$3" --bindings "$4" --seed "$5" -o "$f.tmp"
    mv "$f.tmp" "$f"
  fi
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
