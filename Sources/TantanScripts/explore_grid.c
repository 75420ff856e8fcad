#include "explore_grid.h"

/* #embed is standard C23; clang accepts it in earlier modes as an extension (see scripts.c). */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char script[] = {
#embed "lua/explore_grid.lua"
};

const char *tt_script_explore_grid(size_t *size) { *size = sizeof script; return script; }
