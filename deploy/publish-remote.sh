#!/usr/bin/env bash
# Builds one remote and publishes it, without touching the shell, the API or other remotes.
# usage: deploy/publish-remote.sh <remote-id> [target-web-root]
# With a target, the build is copied to <target>/remotes/<id>/dist (e.g. a CDN sync folder or
# the WEB_ROOT of a running Outpost); browsers pick it up on their next page load, because
# mf-manifest.json is served with Cache-Control: no-cache and every chunk name is hashed.
set -euo pipefail
id="${1:?usage: deploy/publish-remote.sh <remote-id> [target-web-root]}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/remotes/$id"
[ -f "$dir/package.json" ] || { echo "no remote named $id" >&2; exit 2; }
(cd "$dir" && ./node_modules/.bin/rsbuild build)
if [ -n "${2:-}" ]; then
  target="$2/remotes/$id/dist"
  mkdir -p "$target.next"
  cp -R "$dir/dist/." "$target.next/"
  # Swap in one step so no browser sees half a remote.
  rm -rf "$target.previous"
  [ -d "$target" ] && mv "$target" "$target.previous"
  mv "$target.next" "$target"
  echo "published $id to $target"
fi
