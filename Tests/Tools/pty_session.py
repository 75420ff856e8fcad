#!/usr/bin/env python3
"""Drives a program through a pseudo-terminal as a person at a terminal would (the REPL tests).

Usage: pty_session.py STEPS PROGRAM [ARGS...]

STEPS is a JSON list of steps, run in order:
  ["expect", TEXT]  wait until the output, after what earlier expects matched, holds TEXT
  ["send", TEXT]    type TEXT (escape sequences included: "\\u001b[A" is Up) once the terminal
                    is in raw mode (a line editor reading)
After the last step the driver reads until the program ends. It prints everything the program
wrote (escape sequences included) on stdout and exits with the program's exit status; a step that
times out kills the program and exits 124, naming the step and what was read on stderr.
"""
import fcntl
import json
import os
import pty
import select
import signal
import struct
import sys
import termios
import time

TIMEOUT = float(os.environ.get("PTY_TIMEOUT", "20"))


def main():
    steps = json.loads(sys.argv[1])
    argv = sys.argv[2:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    # 24 rows of 132 columns: no line of the tests wraps.
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 132, 0, 0))
    out = bytearray()
    ended = False

    def read_until(deadline):
        """Reads what is there (waiting until deadline); False once the program closed the pty."""
        nonlocal ended
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return True
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the program ended and closed the terminal
            data = b""
        if not data:
            ended = True
            return False
        out.extend(data)
        return True

    def give_up(why):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        sys.stdout.buffer.write(bytes(out))
        sys.stderr.write(f"pty_session: {why}; read so far: {bytes(out)!r}\n")
        sys.exit(124)

    seen = 0
    for i, (kind, text) in enumerate(steps):
        if kind == "send":
            # Keys typed before the line editor switched the terminal to raw mode would be
            # handled by the kernel's line discipline (a typed-ahead Ctrl-D is lost): wait for it,
            # as a person's typing speed does. Linux reports the pair's modes on the master side.
            deadline = time.monotonic() + TIMEOUT
            while termios.tcgetattr(fd)[3] & termios.ICANON:
                if time.monotonic() > deadline:
                    give_up(f"step {i + 1}: the terminal never left line mode (no line editor reading)")
                time.sleep(0.01)
            os.write(fd, text.encode())
            continue
        want = text.encode()
        deadline = time.monotonic() + TIMEOUT
        while out.find(want, seen) < 0:
            if ended or time.monotonic() > deadline:
                give_up(f"step {i + 1}: {text!r} never came" + (" (the program ended)" if ended else ""))
            read_until(deadline)
        seen = out.find(want, seen) + len(want)
    deadline = time.monotonic() + TIMEOUT
    while not ended:
        if time.monotonic() > deadline:
            give_up("the program did not end after the last step")
        read_until(deadline)
    _, status = os.waitpid(pid, 0)
    sys.stdout.buffer.write(bytes(out))
    sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))


if __name__ == "__main__":
    main()
