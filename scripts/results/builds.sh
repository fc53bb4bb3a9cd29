# Sourced by the scripts of scripts/results/ that compare this checkout with a base
# commit: builds both in release mode (the base in a git worktree under
# .build-results/) unless OLD_BIN and NEW_BIN name the binaries already.
#
#   build_pair BASE_COMMIT     # sets OLD_BIN and NEW_BIN; $work is .build-results
work=.build-results
build_pair() {
  mkdir -p "$work"
  if [[ -z ${OLD_BIN:-} ]]; then
    [[ -d $work/base ]] || git worktree add -f "$work/base" "$1" >/dev/null
    git -C "$work/base" checkout -q --detach "$1"
    (cd "$work/base" && swift build -c release --product windowlab >/dev/null)
    OLD_BIN=$work/base/.build/release/windowlab
  fi
  if [[ -z ${NEW_BIN:-} ]]; then
    swift build -c release --scratch-path .build-release --product windowlab >/dev/null
    NEW_BIN=.build-release/release/windowlab
  fi
}
