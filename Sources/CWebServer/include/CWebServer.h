// The playground's HTTP and WebSocket server: CivetWeb (MIT; Debian libcivetweb-dev, Homebrew
// civetweb), loaded with dlopen when `tantan-host play` starts. Linked instead, it would load with
// every run: a C program that only links libcivetweb runs 261 k instructions at start-up instead of
// 125 k (callgrind), and `tantan-host -e ''` is benchmarked against lua5.4's start-up. The header
// comes from the -dev package, so the function types are checked against it (web_server.c).
//
// CivetWeb calls the handlers on its own worker threads: they must not touch a Lua state.
#ifndef TT_CWEBSERVER_H
#define TT_CWEBSERVER_H
#include <stddef.h>

// What a handler learns of a request (valid during the call only).
typedef struct tt_web_request {
  const char *method;
  const char *path;    // the decoded path, e.g. "/" or "/ws"
  const char *query;   // after '?', or NULL
  const char *host;    // the Host header, or NULL
  const char *origin;  // the Origin header, or NULL
  int websocket;       // 1 for a WebSocket upgrade request
} tt_web_request;

typedef struct tt_web_handlers {
  void *context;
  // Every request, first: return 0 to go on, or answer it with tt_web_respond and return 1.
  int (*admit)(void *context, void *conn, const tt_web_request *request);
  // An admitted plain HTTP request: answer it with tt_web_respond.
  void (*request)(void *context, void *conn, const tt_web_request *request);
  // A WebSocket is open; `conn` stays valid until `closed` is called with it.
  void (*ready)(void *context, void *conn);
  // One frame: opcode (1 text, 2 binary, 8 close, 9 ping, ...), `fin` 1 on a final frame. Return 1
  // to keep the connection, 0 to close it.
  int (*data)(void *context, void *conn, int opcode, int fin, const char *data, size_t size);
  void (*closed)(void *context, void *conn);
} tt_web_handlers;

typedef struct tt_web tt_web;

// Loads libcivetweb (once) and checks it has WebSocket support: NULL when usable, else why not.
const char *tt_web_load(void);
// Listens on `address` (an IPv4 address) and `port` (0: a free one, written to `*bound`). NULL on
// failure with the reason in `error`.
tt_web *tt_web_start(const char *address, int port, tt_web_handlers handlers, int *bound, char *error, size_t size);
// Closes every connection and joins CivetWeb's threads.
void tt_web_stop(tt_web *web);
// A whole HTTP response (status, content type, body), never cached, with the given extra header
// lines (each ending in "\r\n", or NULL).
void tt_web_respond(void *conn, int status, const char *type, const char *body, size_t size, const char *headers);
// A text frame to an open WebSocket, under the connection's lock; > 0 when written.
int tt_web_send(void *conn, const char *data, size_t size);
// Closes an open WebSocket (a close frame; CivetWeb then calls `closed`).
void tt_web_close(void *conn);
#endif
