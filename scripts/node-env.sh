#!/usr/bin/env bash
# Source this file (or run `scripts/node-env.sh CMD...`) to get Node.js >= 22.22 on PATH.
# When the machine's own Node is older, the version pinned in .nvmrc is fetched once
# from the npm registry (package node-<os>-<arch>, which ships the node binary) into .cache/.
_project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

_node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=22)?0:1)' 2>/dev/null
}

if ! _node_is_recent; then
  _node_version="$(tr -d ' \n\r' < "$_project_root/.nvmrc")"
  _node_dir="$_project_root/.cache/node-$_node_version"
  if [ ! -x "$_node_dir/bin/node" ]; then
    case "$(uname -s)" in Linux) _os=linux ;; Darwin) _os=darwin ;; *) echo "unsupported OS $(uname -s)" >&2; exit 1 ;; esac
    case "$(uname -m)" in x86_64|amd64) _arch=x64 ;; aarch64|arm64) _arch=arm64 ;; *) echo "unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
    echo "Fetching Node.js $_node_version ($_os-$_arch) from the npm registry..." >&2
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "node-$_os-$_arch@$_node_version" >/dev/null) || { echo "could not fetch node-$_os-$_arch@$_node_version" >&2; exit 1; }
    mkdir -p "$_node_dir.partial"
    tar xzf "$_tmp"/*.tgz -C "$_node_dir.partial" --strip-components=1 package/bin package/LICENSE
    rm -rf "$_tmp" "$_node_dir"
    mv "$_node_dir.partial" "$_node_dir"
  fi
  export PATH="$_node_dir/bin:$PATH"
fi

# Run a command with that Node when executed rather than sourced.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ $# -gt 0 ]; then
  exec "$@"
fi
