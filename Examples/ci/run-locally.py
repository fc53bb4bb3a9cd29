#!/usr/bin/env python3
"""Runs the `run:` steps of a GitHub-style workflow here, as its runner would, without a
CI service: every job in order (a matrix job once per value, or the first --matrix-limit
values), each step with `bash -eo pipefail` in one shared workspace, with the workflow's
and the job's `env:` (`${{ github.workspace }}`, `${{ matrix.X }}`, `${{ env.X }}` and
`${{ secrets.X }}` filled in) and --set VAR=VALUE over them. `uses:` steps are not run
(checkout, artifacts: here every job shares the workspace); they are listed as skipped.

usage: run-locally.py WORKFLOW.yml --work DIR [--set VAR=VALUE]... [--before COMMAND]
                      [--job NAME]... [--matrix-limit N] [--expect-failure JOB/STEP]...

--before runs a command in the workspace first (for what a user commits once, such as
an instruction-threshold file). --expect-failure names a step (job name / step name)
that must fail, as a gate must on a planted regression. Exit 0 when every step ended as
expected, 1 otherwise, 2 on a workflow it cannot read.
"""
import argparse
import itertools
import os
import re
import subprocess
import sys
import time

try:
    import yaml
except ImportError:
    sys.exit("run-locally.py: needs PyYAML (apt-get install -y python3-yaml)")

EXPRESSION = re.compile(r"\$\{\{\s*([a-zA-Z_]+)\.([a-zA-Z0-9_-]+)\s*\}\}")


def fill(text, contexts):
    """`${{ context.name }}` replaced from contexts; an unknown one left for bash to see."""
    def value(match):
        context, name = match.group(1), match.group(2)
        found = contexts.get(context, {}).get(name)
        return match.group(0) if found is None else str(found)
    return EXPRESSION.sub(value, str(text))


def matrix_values(job, limit):
    matrix = (job.get("strategy") or {}).get("matrix") or {}
    keys = [key for key in matrix if key not in ("include", "exclude")]
    if not keys:
        return [{}]
    combos = [dict(zip(keys, values)) for values in itertools.product(*(matrix[key] for key in keys))]
    return combos[:limit] if limit else combos


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workflow")
    parser.add_argument("--work", required=True)
    parser.add_argument("--set", action="append", default=[], metavar="VAR=VALUE")
    parser.add_argument("--before")
    parser.add_argument("--job", action="append", default=[])
    parser.add_argument("--matrix-limit", type=int, default=0)
    parser.add_argument("--expect-failure", action="append", default=[], metavar="JOB/STEP")
    args = parser.parse_args()
    try:
        with open(args.workflow, encoding="utf-8") as handle:
            workflow = yaml.safe_load(handle)
        jobs = workflow["jobs"]
    except (OSError, yaml.YAMLError, KeyError, TypeError) as error:
        print(f"run-locally.py: cannot read {args.workflow}: {error}", file=sys.stderr)
        return 2
    work = os.path.realpath(args.work)
    os.makedirs(work, exist_ok=True)
    overrides = dict(item.split("=", 1) for item in args.set)
    github = {"workspace": work}
    if args.before:
        subprocess.run(["bash", "-eo", "pipefail", "-c", args.before], cwd=work, check=True)
    failures = []
    for job_name, job in jobs.items():
        if args.job and job_name not in args.job:
            continue
        for matrix in matrix_values(job, args.matrix_limit):
            label = job_name + (f" {matrix}" if matrix else "")
            env = dict(os.environ)
            for scope in (workflow.get("env") or {}, job.get("env") or {}):
                for key, raw in scope.items():
                    env[key] = fill(raw, {"github": github, "matrix": matrix, "env": env, "secrets": {}})
            env.update(overrides)
            for number, step in enumerate(job.get("steps") or [], start=1):
                name = step.get("name") or step.get("uses") or f"step {number}"
                if "run" not in step:
                    print(f"== {label} / {name}: skipped (`uses:` runs only on a CI service)", flush=True)
                    continue
                script = fill(step["run"], {"github": github, "matrix": matrix, "env": env, "secrets": {}})
                started = time.monotonic()
                print(f"== {label} / {name}", flush=True)
                status = subprocess.run(["bash", "-eo", "pipefail", "-c", script], cwd=work, env=env).returncode
                expected = f"{job_name}/{name}" in args.expect_failure
                seconds = time.monotonic() - started
                if (status != 0) != expected:
                    failures.append(f"{label} / {name}: exit {status}" + (" (a failure was expected)" if expected else ""))
                    print(f"== {label} / {name}: FAILED, exit {status} after {seconds:.0f} s", flush=True)
                    break
                print(f"== {label} / {name}: exit {status} after {seconds:.0f} s"
                      + (" (failing, as expected)" if expected else ""), flush=True)
    for failure in failures:
        print(f"run-locally.py: {args.workflow}: {failure}", file=sys.stderr)
    print(f"run-locally.py: {args.workflow}: " + ("every step as expected" if not failures
                                                  else f"{len(failures)} job(s) failed"), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
