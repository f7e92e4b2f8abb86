#!/usr/bin/env bash
# Provision the binaries the integration tests need: etcd and kube-apiserver; and the
# browser the picture tests render `--plot` files in (Debian's chromium, headless).
#
# Follows the envtest convention: the directory holding both binaries is printed on the
# last line of stdout, to be exported as KUBEBUILDER_ASSETS. Idempotent and cached:
# a second run with the binaries in place returns at once.
#
#   chromium        Debian's `chromium` package, at /usr/bin/chromium (checked on every
#                   run, before the cache: the picture tests fail without it)
#   etcd            from Debian's `etcd-server` package
#   kube-apiserver  built from Debian's `kubernetes` source package (1.20.2) with
#                   Debian's golang-go, with two vendored JSON libraries replaced by
#                   Debian's newer copies (the vendored ones crash on Go >= 1.18 as soon
#                   as the server encodes custom resources), and the vendored OpenAPI
#                   type check patched so that "" is a string (see patch_empty_string).
#
# Environment:
#   KUBEBUILDER_ASSETS        if it already holds etcd and kube-apiserver, use it as is
#   KARMADACTL_ASSETS_DIR     cache directory (default ~/.cache/karmadactl/test-assets)
set -euo pipefail

log() { printf 'test-env: %s\n' "$*" >&2; }
die() { printf 'test-env: error: %s\n' "$*" >&2; exit 1; }

# The browser the offline picture tests (tests/offline/plot.rs) render in.
ensure_chromium() {
  if [ -x /usr/bin/chromium ] && /usr/bin/chromium --version >/dev/null 2>&1; then
    return
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "not root and no sudo: cannot install Debian's chromium"
    sudo=sudo
  fi
  log "installing Debian's chromium (the picture tests render in it)"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq >&2
  $sudo apt-get install -y -qq --no-install-recommends chromium >&2 ||
    die "apt-get install chromium failed"
  [ -x /usr/bin/chromium ] && /usr/bin/chromium --version >/dev/null 2>&1 ||
    die "chromium installed but /usr/bin/chromium does not run"
}
ensure_chromium

# Bump when the way kube-apiserver is built changes: a cache with another recipe
# is rebuilt once.
RECIPE=2

have_assets() {
  [ -x "$1/etcd" ] && [ -x "$1/kube-apiserver" ] &&
    "$1/kube-apiserver" --version >/dev/null 2>&1 &&
    "$1/etcd" --version >/dev/null 2>&1
}

have_current_assets() {
  have_assets "$1" && [ "$(cat "$1/recipe" 2>/dev/null)" = "$RECIPE" ]
}

if [ -n "${KUBEBUILDER_ASSETS:-}" ] && have_assets "$KUBEBUILDER_ASSETS"; then
  log "using KUBEBUILDER_ASSETS=$KUBEBUILDER_ASSETS"
  printf '%s\n' "$KUBEBUILDER_ASSETS"
  exit 0
fi

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/karmadactl"
assets="${KARMADACTL_ASSETS_DIR:-$cache_root/test-assets}"
build="$cache_root/build"

if have_current_assets "$assets"; then
  log "cached assets in $assets"
  printf '%s\n' "$assets"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || die "not root and no sudo: cannot install Debian packages"
  SUDO=sudo
fi

# A deb-src entry mirroring the main Debian entry (same URIs, suites, key).
src_list=/etc/apt/sources.list.d/karmadactl-deb-src.sources
if [ ! -f "$src_list" ]; then
  main_list=/etc/apt/sources.list.d/debian.sources
  [ -f "$main_list" ] || die "$main_list not found: add a deb-src entry for Debian by hand"
  log "adding deb-src entry $src_list"
  # First stanza of the main list, with Types switched to deb-src.
  awk 'BEGIN{RS=""; ORS="\n\n"} NR==1 {sub(/Types: deb/, "Types: deb-src"); print}' "$main_list" |
    $SUDO tee "$src_list" >/dev/null
fi

log "installing Debian packages (etcd-server, golang-go, build deps)"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq --no-install-recommends \
  etcd-server golang-go rsync jq dpkg-dev make \
  golang-github-modern-go-reflect2-dev golang-github-json-iterator-go-dev >&2

mkdir -p "$build" "$assets"
cd "$build"
tree=$(find . -maxdepth 1 -type d -name 'kubernetes-*' | head -n 1)
if [ -z "$tree" ]; then
  log "fetching the kubernetes source package"
  apt-get source -qq kubernetes >&2
  tree=$(find . -maxdepth 1 -type d -name 'kubernetes-*' | head -n 1)
  [ -n "$tree" ] || die "apt-get source kubernetes produced no tree"
fi
tree="$build/${tree#./}"

# Swap the vendored reflect2/json-iterator for Debian's Go 1.18+-safe releases.
replace_vendor() {
  local from="$1" to="$tree/vendor/$2"
  [ -d "$from" ] || die "$from missing (package not installed?)"
  rm -rf "$to"
  mkdir -p "$to"
  rsync -a --exclude='*_test.go' --exclude='go.mod' --exclude='go.sum' --exclude='.git*' "$from/" "$to/"
}
replace_vendor /usr/share/gocode/src/github.com/modern-go/reflect2 github.com/modern-go/reflect2
replace_vendor /usr/share/gocode/src/github.com/json-iterator/go github.com/json-iterator/go
# Debian's json-iterator may ship test-only subpackages with their own deps; drop them.
rm -rf "$tree/vendor/github.com/json-iterator/go/"{api_tests,any_tests,benchmarks,extension_tests,extra,misc_tests,skip_tests,type_tests,value_tests} 2>/dev/null || true

# Under Go >= 1.19 the vendored go-openapi type check takes "" for null: it compares
# reflect.Zero(...) and reflect.ValueOf(data) with DeepEqual, which newer reflect
# answers true for an empty string, so every "" in a typed custom resource is rejected
# ("must be of type string"). No real apiserver does that: only a nil is null.
patch_empty_string() {
  local f="$tree/vendor/$1"
  [ -f "$f" ] || die "$f missing: cannot patch the empty-string check"
  sed -i 's/data == nil || reflect.DeepEqual(reflect.Zero(reflect.TypeOf(data)), reflect.ValueOf(data))/data == nil/' "$f"
  if grep -q 'reflect.DeepEqual(reflect.Zero(reflect.TypeOf(data)), reflect.ValueOf(data))' "$f"; then
    die "$f: the empty-string check was not patched"
  fi
}
patch_empty_string k8s.io/kube-openapi/pkg/validation/validate/type.go
patch_empty_string github.com/go-openapi/validate/type.go

mkdir -p "$build/.go/src/k8s.io"
ln -sfn "$tree" "$build/.go/src/k8s.io/kubernetes"

log "building kube-apiserver (about 5 minutes)"
(
  cd "$build/.go/src/k8s.io/kubernetes"
  GOPATH="$build/.go" CGO_ENABLED=0 GOFLAGS=-mod=vendor GO111MODULE=on \
    make WHAT=cmd/kube-apiserver >&2
)
bin=$(find "$tree/_output" -type f -name kube-apiserver -perm -u+x | head -n 1)
[ -n "$bin" ] || die "build finished but no kube-apiserver binary found"
install -m 0755 "$bin" "$assets/kube-apiserver"
install -m 0755 "$(command -v etcd || echo /usr/bin/etcd)" "$assets/etcd"
have_assets "$assets" || die "assets in $assets do not run"
printf '%s\n' "$RECIPE" >"$assets/recipe"
log "assets ready in $assets"
printf '%s\n' "$assets"
