// CivetWeb, loaded with dlopen (why: CWebServer.h), behind the small interface the playground's
// Swift server type uses. No file serving: no document root, so only the handlers answer.
#include "CWebServer.h"
#include <civetweb.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// CivetWeb's functions, looked up by name (never referenced directly: that would link the library).
static struct {
  void *handle;
  __typeof__(&mg_init_library) init_library;
  __typeof__(&mg_check_feature) check_feature;
  __typeof__(&mg_start) start;
  __typeof__(&mg_stop) stop;
  __typeof__(&mg_set_request_handler) set_request_handler;
  __typeof__(&mg_set_websocket_handler) set_websocket_handler;
  __typeof__(&mg_get_request_info) request_info;
  __typeof__(&mg_get_header) header;
  __typeof__(&mg_get_server_ports) server_ports;
  __typeof__(&mg_write) write;
  __typeof__(&mg_websocket_write) websocket_write;
  __typeof__(&mg_lock_connection) lock;
  __typeof__(&mg_unlock_connection) unlock;
} cw;

static const char *const library_names[] = {
#ifdef __APPLE__
  "libcivetweb.dylib", "/opt/homebrew/lib/libcivetweb.dylib", "/usr/local/lib/libcivetweb.dylib",
#else
  "libcivetweb.so.1", "libcivetweb.so",
#endif
};

#define LOOKUP(field, symbol) (cw.field = (__typeof__(cw.field))dlsym(cw.handle, symbol)) != NULL

static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
  for (size_t i = 0; i < sizeof library_names / sizeof library_names[0] && !cw.handle; i++)
    cw.handle = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
  if (!cw.handle) {
    load_error = "cannot load libcivetweb (install libcivetweb1: apt-get install libcivetweb-dev; on a Mac: brew install civetweb)";
    return;
  }
  if (!(LOOKUP(init_library, "mg_init_library") && LOOKUP(check_feature, "mg_check_feature") && LOOKUP(start, "mg_start")
        && LOOKUP(stop, "mg_stop") && LOOKUP(set_request_handler, "mg_set_request_handler")
        && LOOKUP(set_websocket_handler, "mg_set_websocket_handler") && LOOKUP(request_info, "mg_get_request_info")
        && LOOKUP(header, "mg_get_header") && LOOKUP(server_ports, "mg_get_server_ports") && LOOKUP(write, "mg_write")
        && LOOKUP(websocket_write, "mg_websocket_write") && LOOKUP(lock, "mg_lock_connection")
        && LOOKUP(unlock, "mg_unlock_connection"))) {
    load_error = "libcivetweb lacks a function the playground needs (CivetWeb 1.10 or later is required)";
    return;
  }
  // Feature 16: WebSockets (USE_WEBSOCKET), which Debian's and Homebrew's builds have.
  if (cw.check_feature(16) == 0) {
    load_error = "this libcivetweb was built without WebSocket support";
    return;
  }
  cw.init_library(16);
}

const char *tt_web_load(void) {
  pthread_once(&load_once, load);
  return load_error;
}

struct tt_web {
  struct mg_context *ctx;
  tt_web_handlers handlers;
};

static tt_web_request describe(const struct mg_connection *conn) {
  const struct mg_request_info *ri = cw.request_info(conn);
  const char *upgrade = cw.header(conn, "Upgrade");
  tt_web_request r = {
    .method = ri->request_method,
    .path = ri->local_uri ? ri->local_uri : "",
    .query = ri->query_string,
    .host = cw.header(conn, "Host"),
    .origin = cw.header(conn, "Origin"),
    .websocket = upgrade != NULL && strcasecmp(upgrade, "websocket") == 0,
  };
  return r;
}

static tt_web *owner(const struct mg_connection *conn) {
  return (tt_web *)cw.request_info(conn)->user_data;
}

static int on_begin(struct mg_connection *conn) {
  tt_web *web = owner(conn);
  tt_web_request r = describe(conn);
  return web->handlers.admit(web->handlers.context, conn, &r) ? 1 : 0;
}

static int on_request(struct mg_connection *conn, void *data) {
  tt_web *web = data;
  tt_web_request r = describe(conn);
  web->handlers.request(web->handlers.context, conn, &r);
  return 200;  // handled (CivetWeb takes any value from 1 to 999 as "answered")
}

static void on_ready(struct mg_connection *conn, void *data) {
  tt_web *web = data;
  web->handlers.ready(web->handlers.context, conn);
}

static int on_data(struct mg_connection *conn, int bits, char *payload, size_t size, void *data) {
  tt_web *web = data;
  return web->handlers.data(web->handlers.context, conn, bits & 0x0f, (bits & 0x80) != 0, payload, size);
}

static void on_close(const struct mg_connection *conn, void *data) {
  tt_web *web = data;
  web->handlers.closed(web->handlers.context, (void *)conn);
}

tt_web *tt_web_start(const char *address, int port, tt_web_handlers handlers, int *bound, char *error, size_t size) {
  const char *why = tt_web_load();
  if (why) {
    snprintf(error, size, "%s", why);
    return NULL;
  }
  tt_web *web = calloc(1, sizeof *web);
  if (!web) {
    snprintf(error, size, "not enough memory");
    return NULL;
  }
  web->handlers = handlers;
  char ports[128];
  snprintf(ports, sizeof ports, "%s:%d", address, port);
  // Few threads (a page or two connect), no keep-alive surprises, WebSockets that stay open while
  // a page is idle (the server pings them).
  const char *options[] = {
    "listening_ports", ports,
    "num_threads", "4",
    "request_timeout_ms", "10000",
    "websocket_timeout_ms", "3600000",
    "enable_websocket_ping_pong", "yes",
    NULL,
  };
  struct mg_callbacks callbacks;
  memset(&callbacks, 0, sizeof callbacks);
  callbacks.begin_request = on_begin;
  web->ctx = cw.start(&callbacks, web, options);
  if (!web->ctx) {
    snprintf(error, size, "cannot listen on %s:%d (the address is not this machine's, or the port is taken)", address, port);
    free(web);
    return NULL;
  }
  struct mg_server_port found[4];
  memset(found, 0, sizeof found);
  int n = cw.server_ports(web->ctx, 4, found);
  *bound = n > 0 ? found[0].port : port;
  cw.set_request_handler(web->ctx, "/", on_request, web);
  cw.set_websocket_handler(web->ctx, "/ws", NULL, on_ready, on_data, on_close, web);
  return web;
}

void tt_web_stop(tt_web *web) {
  if (!web) return;
  cw.stop(web->ctx);
  free(web);
}

void tt_web_respond(void *conn, int status, const char *type, const char *body, size_t size, const char *headers) {
  const char *reason = status == 200 ? "OK" : status == 403 ? "Forbidden" : status == 404 ? "Not Found"
                     : status == 405 ? "Method Not Allowed" : "Error";
  char head[1024];
  int n = snprintf(head, sizeof head,
                   "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: no-store\r\n"
                   "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n%sConnection: close\r\n\r\n",
                   status, reason, type, size, headers ? headers : "");
  if (n < 0 || (size_t)n >= sizeof head) return;
  cw.write(conn, head, (size_t)n);
  if (size > 0) cw.write(conn, body, size);
}

int tt_web_send(void *conn, const char *data, size_t size) {
  return cw.websocket_write(conn, MG_WEBSOCKET_OPCODE_TEXT, data, size);
}

void tt_web_close(void *conn) {
  cw.websocket_write(conn, MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE, "", 0);
}
