#include "explore_list.h"

/* #embed is standard C23; clang accepts it in earlier modes as an extension (see scripts.c). */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char script[] = {
#embed "lua/explore_list.lua"
};

const char *tt_script_explore_list(size_t *size) { *size = sizeof script; return script; }
