// Lua's loaders with one addition: the text they load is kept for a trace (chunktext.c). The
// standard library's load, loadfile, dofile and require's Lua-file searcher read strings and
// files inside liblua, where nothing can see them, so every state gets these in their place
// (tt_install_loaders, from tt_openlibs) before any script or sandbox keeps a reference. They
// behave as Lua 5.4.4's own: arguments, messages, a BOM and a first `#` line skipped, the mode
// check; CLILoaderCompatibilityTests, CLICompatibilityTests and TraceChunkTextTests compare them
// with lua5.4 (scripts/compat runs Lua's own test suites under both).
#include "state.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

// A file handed to lua_load: what was read ahead (part of a BOM, the newline standing for a
// skipped `#` line, the first character) first, then blocks.
typedef struct {
  FILE *f;
  int npending;
  char pending[4];
  tt_Capture *capture;
  char block[BUFSIZ];
} FileReader;

static const char *read_file(lua_State *L, void *ud, size_t *size) {
  FileReader *r = ud;
  (void)L;
  const char *out = r->pending;
  if (r->npending > 0) {
    *size = (size_t)r->npending;
    r->npending = 0;
  } else {
    if (feof(r->f)) return NULL;  // another fread after end of file would wait on a terminal
    *size = fread(r->block, 1, sizeof r->block, r->f);
    out = r->block;
  }
  tt_capture_add(r->capture, out, *size);
  return out;
}

// A UTF-8 BOM is dropped; the bytes of a partial one go to the parser. Returns the next character.
static int skip_bom(FileReader *r) {
  static const unsigned char bom[] = { 0xEF, 0xBB, 0xBF };
  r->npending = 0;
  for (int i = 0; i < 3; i++) {
    int c = getc(r->f);
    if (c == EOF || c != bom[i]) return c;
    r->pending[r->npending++] = (char)c;
  }
  r->npending = 0;
  return getc(r->f);
}

// Skips a first line starting with `#` (a Unix interpreter line); *c is the character after it.
static int skip_first_line(FileReader *r, int *c) {
  *c = skip_bom(r);
  if (*c != '#') return 0;
  int d;
  do d = getc(r->f); while (d != EOF && d != '\n');
  *c = getc(r->f);
  return 1;
}

static int file_error(lua_State *L, const char *what, int nameindex) {
  const char *reason = strerror(errno);
  lua_pushfstring(L, "cannot %s %s: %s", what, lua_tostring(L, nameindex) + 1, reason);
  lua_remove(L, nameindex);
  return LUA_ERRFILE;
}

// luaL_loadfilex: the chunk (or the message) on top, lua_load's status or LUA_ERRFILE.
int tt_loadfilex(lua_State *L, const char *filename, const char *mode) {
  FileReader r;
  tt_Capture capture;
  int nameindex = lua_gettop(L) + 1;
  if (filename) {
    lua_pushfstring(L, "@%s", filename);
    r.f = fopen(filename, "r");
    if (!r.f) return file_error(L, "open", nameindex);
  } else {
    lua_pushliteral(L, "=stdin");
    r.f = stdin;
  }
  int c;
  if (skip_first_line(&r, &c)) r.pending[r.npending++] = '\n';  // line numbers stay right
  if (c == LUA_SIGNATURE[0] && filename) {  // bytecode: read again from the start, as lua reopens it
    rewind(r.f);
    skip_first_line(&r, &c);
  }
  if (c != EOF) r.pending[r.npending++] = (char)c;
  const char *name = lua_tostring(L, nameindex);
  tt_capture_begin(L, &capture, name);
  r.capture = &capture;
  int status = lua_load(L, read_file, &r, name, mode);
  int read_failed = ferror(r.f);
  if (filename) fclose(r.f);
  tt_capture_end(L, &capture, name, status == LUA_OK && !read_failed);
  if (read_failed) {
    lua_settop(L, nameindex);
    return file_error(L, "read", nameindex);
  }
  lua_remove(L, nameindex);
  return status;
}

// The end of load and loadfile: the chunk with `env` as its first upvalue, or fail and the message.
static int finish_load(lua_State *L, int status, int envindex) {
  if (status != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  if (envindex != 0) {
    lua_pushvalue(L, envindex);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
  }
  return 1;
}

#define PIECE_SLOT 5  // load(fn): the reader's last piece stays referenced here while it is parsed

static const char *read_pieces(lua_State *L, void *ud, size_t *size) {
  luaL_checkstack(L, 2, "too many nested functions");
  lua_pushvalue(L, 1);
  lua_call(L, 0, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    *size = 0;
    return NULL;
  }
  if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
  lua_replace(L, PIECE_SLOT);
  const char *s = lua_tolstring(L, PIECE_SLOT, size);
  tt_capture_add(ud, s, *size);
  return s;
}

// load's body. `text_only` (the sandbox's load) drops every 'b' from the mode, so bytecode is
// refused as lua refuses a chunk its mode forbids: fail and "attempt to load a binary chunk (mode
// is 't')", never an error; a text chunk loads as it would in lua.
static int load_chunk(lua_State *L, int text_only) {
  size_t len;
  const char *s = lua_tolstring(L, 1, &len);
  const char *mode = luaL_optstring(L, 3, "bt");
  int env = !lua_isnone(L, 4) ? 4 : 0;
  tt_Capture capture;
  const char *name;
  int status;
  if (s) {
    name = luaL_optstring(L, 2, s);
    if (text_only) mode = luaL_gsub(L, mode, "b", "");
    tt_capture_begin(L, &capture, name);
    tt_capture_add(&capture, s, len);
    status = luaL_loadbufferx(L, s, len, name, mode);
  } else {
    name = luaL_optstring(L, 2, "=(load)");
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, PIECE_SLOT);
    if (text_only) mode = luaL_gsub(L, mode, "b", "");  // above the reader's slot, kept while loading
    tt_capture_begin(L, &capture, name);
    status = lua_load(L, read_pieces, &capture, name, mode);
  }
  tt_capture_end(L, &capture, name, status == LUA_OK);
  return finish_load(L, status, env);
}

static int base_load(lua_State *L) { return load_chunk(L, 0); }

int tt_load_text(lua_State *L) { return load_chunk(L, 1); }

static int base_loadfile(lua_State *L) {
  const char *filename = luaL_optstring(L, 1, NULL);
  const char *mode = luaL_optstring(L, 2, NULL);
  int env = !lua_isnone(L, 3) ? 3 : 0;
  return finish_load(L, tt_loadfilex(L, filename, mode), env);
}

static int dofile_results(lua_State *L, int status, lua_KContext ctx) {
  (void)status;
  (void)ctx;
  return lua_gettop(L) - 1;
}

static int base_dofile(lua_State *L) {
  const char *filename = luaL_optstring(L, 1, NULL);
  lua_settop(L, 1);
  if (tt_loadfilex(L, filename, NULL) != LUA_OK) return lua_error(L);
  lua_callk(L, 0, LUA_MULTRET, 0, dofile_results);  // a continuation: the chunk may yield
  return dofile_results(L, 0, 0);
}

// Registry key of package.searchpath as opened, which the searcher below calls (lua's calls its
// internal searchpath: a script that replaces package.searchpath changes nothing).
static const char searchpath_key = 0;

// require's second searcher: the file package.searchpath finds on package.path. Like lua's, its
// one upvalue is the package table.
static int search_lua_file(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_getfield(L, lua_upvalueindex(1), "path");
  if (!lua_tostring(L, -1)) luaL_error(L, "'package.path' must be a string");
  lua_rawgetp(L, LUA_REGISTRYINDEX, &searchpath_key);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -3);
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return 1;  // the files tried
  lua_pop(L, 1);
  const char *filename = lua_tostring(L, -1);
  if (tt_loadfilex(L, filename, NULL) == LUA_OK) {
    lua_pushvalue(L, -2);
    return 2;
  }
  return luaL_error(
    L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
}

void tt_install_loaders(lua_State *L) {
  lua_pushglobaltable(L);
  lua_pushcfunction(L, base_load);
  lua_setfield(L, -2, "load");
  lua_pushcfunction(L, base_loadfile);
  lua_setfield(L, -2, "loadfile");
  lua_pushcfunction(L, base_dofile);
  lua_setfield(L, -2, "dofile");
  lua_pop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  if (lua_getfield(L, -1, LUA_LOADLIBNAME) == LUA_TTABLE && lua_getfield(L, -1, "searchers") == LUA_TTABLE
      && lua_getfield(L, -2, "searchpath") == LUA_TFUNCTION) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &searchpath_key);
    lua_pushvalue(L, -2);  // package
    lua_pushcclosure(L, search_lua_file, 1);
    lua_rawseti(L, -2, 2);
  }
  lua_settop(L, 0);
}
