// What the host's loaders (Sources/CLuaShim/loaders.c) cost against Lua's own: one process runs
// one case N times in a state with the stock load/loadfile/require ("stock"), the host's ("host")
// or the host's keeping chunk texts as --trace does ("trace"). Compile against the same liblua5.4:
//
//   cc -O2 $(pkg-config --cflags lua5.4) -ISources/CLuaShim/include -ISources/CLuaShim
//     bench/loaders_cost.c Sources/CLuaShim/loaders.c Sources/CLuaShim/chunktext.c
//     $(pkg-config --libs lua5.4) -o loaders_cost
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null ./loaders_cost host load 10000
//
// and subtract the same command with N = 0 (state set-up); or time it (it prints seconds).
// Cases: load (a small string), loadnamed (the same, chunk name "@m.lua"), loadfile, require
// (cached: package.loaded hit), requirefile (package.loaded cleared first: the file searcher).
#include "state.h"
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const cases[][2] = {
  { "load", "for i = 1, N do load('return 1') end" },
  { "loadnamed", "for i = 1, N do load('return 1', '@m.lua') end" },
  { "loadfile", "for i = 1, N do loadfile(FILE) end" },
  { "require", "require('m') for i = 1, N do require('m') end" },
  { "requirefile", "for i = 1, N do package.loaded.m = nil require('m') end" },
};

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: loaders_cost stock|host|trace load|loadnamed|loadfile|require|requirefile N\n");
    return 2;
  }
  const char *code = NULL;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    if (strcmp(argv[2], cases[i][0]) == 0) code = cases[i][1];
  if (!code) return fprintf(stderr, "unknown case %s\n", argv[2]), 2;
  char dir[] = "/tmp/loaders_cost.XXXXXX";
  if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
  char file[64];
  snprintf(file, sizeof file, "%s/m.lua", dir);
  FILE *f = fopen(file, "w");
  if (!f) return perror(file), 1;
  fputs("local t = {}\nfunction t.f(x) return x + 1 end\nreturn t\n", f);
  fclose(f);

  lua_State *L = luaL_newstate();
  *(Limits **)lua_getextraspace(L) = calloc(1, sizeof(Limits));  // what the host's states carry
  luaL_openlibs(L);
  if (strcmp(argv[1], "stock") != 0) tt_install_loaders(L);
  if (strcmp(argv[1], "trace") == 0) tt_keep_chunk_texts(L, 1 << 20, 4 << 20);
  lua_pushinteger(L, atoll(argv[3]));
  lua_setglobal(L, "N");
  lua_pushstring(L, file);
  lua_setglobal(L, "FILE");
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/?.lua", dir);
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);

  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  int status = luaL_dostring(L, code);
  clock_gettime(CLOCK_MONOTONIC, &b);
  if (status != LUA_OK) fprintf(stderr, "%s\n", lua_tostring(L, -1));
  printf("%s %s %s: %.6f s\n", argv[1], argv[2], argv[3], (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
  Limits *m = LIM(L);
  lua_close(L);
  tt_free_chunk_texts(m);
  free(m);
  remove(file);
  rmdir(dir);
  return status != LUA_OK;
}
