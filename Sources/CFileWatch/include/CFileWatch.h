// `tantan-host test --watch`'s wake-up: a descriptor that becomes readable when a watched folder
// or file changes (inotify on Linux, kqueue on macOS). Which files changed the caller finds itself
// by comparing their stat stamps, so this only has to wake it; where neither works it polls.
#ifndef TT_CFILEWATCH_H
#define TT_CFILEWATCH_H

// A new watch descriptor (close-on-exec, non-blocking), or -1: poll instead.
int tt_fw_open(void);
// Watches `path` (a folder: what is created, written, moved or deleted in it; a file: its writes).
// 0 on success, -1 when it cannot be watched.
int tt_fw_add(int fd, const char *path);
// Reads and drops the pending events without blocking; 1 when there were some.
int tt_fw_drain(int fd);
void tt_fw_close(int fd);
#endif
