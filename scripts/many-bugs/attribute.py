#!/usr/bin/env python3
"""Attributes each saved finding of a check to the planted bugs it shows.

usage: attribute.py --windowlab BIN --findings DIR --engine NAME=COMMAND... [--min-share 0.9]
                    [--max-groups 2] [--max-mean X] [--json OUT]

A check ran on an engine carrying several planted bugs at once. Each finding it saved
(`divergence-*.wls` and `fault-*.wls` in DIR) is replayed with `windowlab run --json`
on the reference and on each engine that carries ONE of those bugs (NAME=COMMAND, an
`exec:` command line). A finding shows bug NAME when, on that engine, the engines
differ at the finding's own diverging statement (its last command before the final
queries), not merely somewhere in the file (its final `order` query may meet another
bug). It prints a table and exits 1 unless at least --min-share of the bugs are shown
by some finding, no bug is shown by more than --max-groups findings and (with
--max-mean) the findings are at most X a bug on average.
"""
import argparse
import json
import os
import re
import subprocess
import sys


def diverging_line(path):
    """The line of the finding's diverging statement: its Nth command, N from the
    header's `shrunk from K to N commands`."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    count = None
    for line in lines:
        match = re.search(r"shrunk from \d+ to (\d+) commands", line)
        if line.startswith("#") and match:
            count = int(match.group(1))
            break
    if count is None:
        return None
    seen = 0
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#") or text.startswith("expect"):
            continue
        seen += 1
        if seen == count:
            return number
    return None


def shows(windowlab, command, path, line):
    """Whether the single-bug engine differs from the reference at `line`."""
    run = subprocess.run([windowlab, "run", "--json", "--engine", "reference", "--engine", command, path],
                         capture_output=True, text=True, timeout=300)
    try:
        result = json.loads(run.stdout)
    except json.JSONDecodeError:
        return False
    for file in result.get("files", []):
        for divergence in file.get("divergences", []) or []:
            if divergence.get("line") == line:
                return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--windowlab", required=True)
    parser.add_argument("--findings", required=True)
    parser.add_argument("--engine", action="append", default=[], metavar="NAME=COMMAND")
    parser.add_argument("--min-share", type=float, default=0.9)
    parser.add_argument("--max-groups", type=int, default=2)
    parser.add_argument("--max-mean", type=float, default=None)
    parser.add_argument("--json", metavar="OUT")
    args = parser.parse_args()
    engines = dict(item.split("=", 1) for item in args.engine)
    if not engines:
        parser.error("give at least one --engine NAME=COMMAND")
    names = sorted(name for name in os.listdir(args.findings)
                   if name.endswith(".wls") and (name.startswith("divergence-") or name.startswith("fault-")))
    shown = {bug: [] for bug in engines}
    orphans = []
    for name in names:
        path = os.path.join(args.findings, name)
        line = diverging_line(path)
        bugs = [bug for bug, command in engines.items() if line and shows(args.windowlab, command, path, line)]
        print(f"{name}: {' '.join(bugs) if bugs else '(no single bug)'}")
        for bug in bugs:
            shown[bug].append(name)
        if not bugs:
            orphans.append(name)
    found = [bug for bug in engines if shown[bug]]
    share = len(found) / len(engines)
    crowded = {bug: files for bug, files in shown.items() if len(files) > args.max_groups}
    print(f"\nfindings: {len(names)}; bugs shown: {len(found)} of {len(engines)} ({share:.0%}); "
          f"findings that show no single bug: {len(orphans)}")
    for bug in sorted(engines):
        print(f"  {bug}: {len(shown[bug])} finding(s)" + ("  <- more than --max-groups" if bug in crowded else ""))
    missed = sorted(set(engines) - set(found))
    if missed:
        print("  missed: " + " ".join(missed))
    if args.json:
        with open(args.json + ".tmp", "w", encoding="utf-8") as handle:
            json.dump({"findings": len(names), "bugs": len(engines), "shown": {b: shown[b] for b in sorted(shown)},
                       "missed": missed, "orphans": orphans, "share": share}, handle, indent=1, sort_keys=True)
        os.replace(args.json + ".tmp", args.json)
    mean = len(names) / len(engines)
    ok = share >= args.min_share and not crowded and (args.max_mean is None or mean <= args.max_mean)
    bar = f"at least {args.min_share:.0%} of the bugs, at most {args.max_groups} finding(s) each"
    if args.max_mean is not None:
        bar += f", at most {args.max_mean:g} a bug on average (here {mean:.2f})"
    print("PASS" if ok else "FAIL", f"({bar})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
