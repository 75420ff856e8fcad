#!/usr/bin/env python3
"""Runs a program under an address-space limit and reports its peak resident memory (the
hostile-input tests: growth past --max-memory, allocation failure under `ulimit -v`).

Usage: limited_run.py REPORT AS_BYTES PROGRAM [ARGS...]

AS_BYTES is the child's RLIMIT_AS (`ulimit -v`, in bytes; 0: unlimited). stdin, stdout and stderr
pass through. The child's peak resident set size (getrusage's ru_maxrss, KiB) is written to
REPORT. The exit status is the child's; a child killed by a signal kills this process with the
same signal, so the caller sees the signal as it would without the wrapper.
"""
import os
import resource
import signal
import subprocess
import sys


def main():
    report, limit, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

    def limits():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # an abort leaves no core file behind
        if limit > 0:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    status = subprocess.call(argv, preexec_fn=limits)
    with open(report, "w") as f:
        f.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    sys.exit(status)


if __name__ == "__main__":
    main()
