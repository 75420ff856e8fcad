// The wake-up of `test --watch` (see CFileWatch.h).
#include "CFileWatch.h"
#include <fcntl.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/inotify.h>

int tt_fw_open(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }

int tt_fw_add(int fd, const char *path) {
  uint32_t mask = IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_ATTRIB
                  | IN_DELETE_SELF | IN_MOVE_SELF;
  return inotify_add_watch(fd, path, mask) < 0 ? -1 : 0;
}

#elif defined(__APPLE__)
#include <sys/event.h>

int tt_fw_open(void) {
  int kq = kqueue();
  if (kq >= 0) fcntl(kq, F_SETFD, FD_CLOEXEC);
  return kq;
}

// kqueue watches a vnode through a descriptor of it, kept open (O_EVTONLY: it does not keep a
// volume from unmounting); a folder's NOTE_WRITE is an entry added, removed or renamed in it.
int tt_fw_add(int kq, const char *path) {
  int fd = open(path, O_EVTONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  struct kevent ev;
  EV_SET(&ev, fd, EVFILT_VNODE, EV_ADD | EV_CLEAR,
         NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME, 0, NULL);
  if (kevent(kq, &ev, 1, NULL, 0, NULL) < 0) {
    close(fd);
    return -1;
  }
  return 0;
}

#else
int tt_fw_open(void) { return -1; }
int tt_fw_add(int fd, const char *path) { (void)fd; (void)path; return -1; }
#endif

int tt_fw_drain(int fd) {
  int any = 0;
#if defined(__APPLE__)
  struct kevent evs[64];
  struct timespec zero = {0, 0};
  int n;
  while ((n = kevent(fd, NULL, 0, evs, 64, &zero)) > 0) any = 1;
#else
  char buf[4096];
  while (read(fd, buf, sizeof buf) > 0) any = 1;
#endif
  return any;
}

void tt_fw_close(int fd) {
  if (fd >= 0) close(fd);  // on macOS the watched files' descriptors stay open until exit
}
