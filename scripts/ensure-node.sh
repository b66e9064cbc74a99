# Sourced by .ci/run: puts Node.js $NODE_VERSION first on PATH when the
# machine's node is older than its major (package.json "engines"). It comes from the npm
# registry (the node-linux-<arch> package is the official build) through the machine's own npm,
# unpacked once under $NODE_CACHE_DIR; nothing else is downloaded.
NODE_VERSION="${NODE_VERSION:-24.21.0}"
NODE_CACHE_DIR="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/livevote-node}"

ensure_node() {
  local want="${NODE_VERSION%%.*}" have arch dir tmp
  have=$(node -p 'process.versions.node' 2>/dev/null || echo 0)
  if [ "${have%%.*}" -ge "$want" ]; then return 0; fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "ensure-node: no Node.js $want package for $(uname -m)" >&2
      return 1
      ;;
  esac
  dir="$NODE_CACHE_DIR/node-v$NODE_VERSION-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "ensure-node: Node.js $want is needed, and npm to fetch it (apt-get install npm)" >&2
      return 1
    fi
    echo "ensure-node: node ${have} is older than $want; fetching node-linux-$arch@$NODE_VERSION from the npm registry" >&2
    mkdir -p "$NODE_CACHE_DIR"
    tmp=$(mktemp -d "$NODE_CACHE_DIR/.fetch.XXXXXX")
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$NODE_VERSION" >/dev/null) &&
      tar -xzf "$tmp"/node-linux-"$arch"-*.tgz -C "$tmp" &&
      chmod +x "$tmp/package/bin/node" &&
      rm -rf "$dir" && mv "$tmp/package" "$dir"
    local status=$?
    rm -rf "$tmp"
    [ "$status" -eq 0 ] || return "$status"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
  echo "ensure-node: using $(command -v node) $(node -v)" >&2
}

ensure_node
