#include "tantan_scripts.h"

/* #embed is standard C23; clang accepts it in earlier modes as an extension. A directive cannot
   sit in a macro, so each file is spelled out. */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const char explore[] = {
#embed "lua/explore.lua"
};

static const char explore_actions[] = {
#embed "lua/explore_actions.lua"
};

static const char explore_shrink[] = {
#embed "lua/explore_shrink.lua"
};

static const char prelude[] = {
#embed "lua/prelude.lua"
};

static const char prelude_format[] = {
#embed "lua/prelude_format.lua"
};

static const char prelude_assert[] = {
#embed "lua/prelude_assert.lua"
};

static const char prelude_errors[] = {
#embed "lua/prelude_errors.lua"
};

static const char prelude_env[] = {
#embed "lua/prelude_env.lua"
};

static const char prelude_blocks[] = {
#embed "lua/prelude_blocks.lua"
};

static const char prelude_core[] = {
#embed "lua/prelude_core.lua"
};

static const char prelude_modules[] = {
#embed "lua/prelude_modules.lua"
};

static const char coverage_config[] = {
#embed "lua/coverage_config.lua"
};

static const char sandbox[] = {
#embed "lua/sandbox.lua"
};

static const char trace_viewer[] = {
#embed "js/trace_viewer.js"
};

static const char trace_viewer_html[] = {
#embed "web/trace_viewer.html"
};

static const char trace_viewer_css[] = {
#embed "web/trace_viewer.css"
};

static const char snapshot_diff_html[] = {
#embed "web/snapshot_diff.html"
};

static const char snapshot_diff_css[] = {
#embed "web/snapshot_diff.css"
};

static const char play_scenario[] = {
#embed "lua/play_scenario.lua"
};

static const char play_page[] = {
#embed "web/play.html"
};

static const char play_style[] = {
#embed "web/play.css"
};

static const char play_script[] = {
#embed "js/play.js"
};

const char *tt_script_explore(size_t *size) { *size = sizeof explore; return explore; }
const char *tt_script_explore_actions(size_t *size) { *size = sizeof explore_actions; return explore_actions; }
const char *tt_script_explore_shrink(size_t *size) { *size = sizeof explore_shrink; return explore_shrink; }
const char *tt_script_prelude(size_t *size) { *size = sizeof prelude; return prelude; }
const char *tt_script_prelude_format(size_t *size) { *size = sizeof prelude_format; return prelude_format; }
const char *tt_script_prelude_assert(size_t *size) { *size = sizeof prelude_assert; return prelude_assert; }
const char *tt_script_prelude_errors(size_t *size) { *size = sizeof prelude_errors; return prelude_errors; }
const char *tt_script_prelude_env(size_t *size) { *size = sizeof prelude_env; return prelude_env; }
const char *tt_script_prelude_blocks(size_t *size) { *size = sizeof prelude_blocks; return prelude_blocks; }
const char *tt_script_prelude_core(size_t *size) { *size = sizeof prelude_core; return prelude_core; }
const char *tt_script_prelude_modules(size_t *size) { *size = sizeof prelude_modules; return prelude_modules; }
const char *tt_script_sandbox(size_t *size) { *size = sizeof sandbox; return sandbox; }
const char *tt_script_coverage_config(size_t *size) { *size = sizeof coverage_config; return coverage_config; }
const char *tt_script_trace_viewer(size_t *size) { *size = sizeof trace_viewer; return trace_viewer; }
const char *tt_script_trace_viewer_page(size_t *size) { *size = sizeof trace_viewer_html; return trace_viewer_html; }
const char *tt_script_trace_viewer_style(size_t *size) { *size = sizeof trace_viewer_css; return trace_viewer_css; }
const char *tt_script_snapshot_diff_page(size_t *size) { *size = sizeof snapshot_diff_html; return snapshot_diff_html; }
const char *tt_script_snapshot_diff_style(size_t *size) { *size = sizeof snapshot_diff_css; return snapshot_diff_css; }
const char *tt_script_play_scenario(size_t *size) { *size = sizeof play_scenario; return play_scenario; }
const char *tt_script_play_page(size_t *size) { *size = sizeof play_page; return play_page; }
const char *tt_script_play_style(size_t *size) { *size = sizeof play_style; return play_style; }
const char *tt_script_play_script(size_t *size) { *size = sizeof play_script; return play_script; }
