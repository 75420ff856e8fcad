#ifndef TANTAN_EXPLORE_GRID_H
#define TANTAN_EXPLORE_GRID_H
#include <stddef.h>

/* lua/explore_grid.lua: the grid (tantan.ReorderGrid) part of tantan.explore (its actions, coverage and
   sampling), named by its component entry. One file pair per component, so a new component adds
   files and edits none (include/ is an umbrella directory: every header here is imported). */
const char *tt_script_explore_grid(size_t *size);

#endif
