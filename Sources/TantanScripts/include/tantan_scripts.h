#ifndef TANTAN_SCRIPTS_H
#define TANTAN_SCRIPTS_H
#include <stddef.h>

/* The host's own Lua, JavaScript, HTML and CSS, embedded at build time from the lua, js and web
   folders of Sources/TantanScripts (C23 #embed, so each lives in its own file and needs no
   resource bundle at run time). Each returns the file's bytes (not NUL-terminated) and its size. */

/* explore.lua: the engine of `explore(name, spec)` (generation, invariants, replay, printing). */
const char *tt_script_explore(size_t *size);
/* explore_actions.lua: built-in invariants and coverage, and each component's explore part
   (include/explore_<kind>.h) loaded into tantan.explore. */
const char *tt_script_explore_actions(size_t *size);
/* explore_shrink.lua: shrinking a failing sequence (Hypothesis-style passes). */
const char *tt_script_explore_shrink(size_t *size);

/* prelude.lua: the scenario runner's Lua side, which runs its six parts in order:
   prelude_format.lua (value formatting, snapshot text), prelude_assert.lua (luassert wired as
   busted wires it), prelude_errors.lua (errors as results), prelude_env.lua (busted's
   environments), prelude_blocks.lua (busted's block functions) and prelude_core.lua (running
   scenarios, output capture, the runner's entry points). prelude_modules.lua finds and compiles
   luassert and say, once per process. */
const char *tt_script_prelude(size_t *size);
const char *tt_script_prelude_format(size_t *size);
const char *tt_script_prelude_assert(size_t *size);
const char *tt_script_prelude_errors(size_t *size);
const char *tt_script_prelude_env(size_t *size);
const char *tt_script_prelude_blocks(size_t *size);
const char *tt_script_prelude_core(size_t *size);
const char *tt_script_prelude_modules(size_t *size);

/* coverage_config.lua: `.luacov` read as luacov reads it, and luacov's include/exclude test. */
const char *tt_script_coverage_config(size_t *size);

/* sandbox.lua: what `--sandbox` removes from a state, and its module searcher. */
const char *tt_script_sandbox(size_t *size);

/* trace_viewer.js: the HTML trace viewer's behaviour. */
const char *tt_script_trace_viewer(size_t *size);

/* The pages the host writes, as templates (`HTMLTemplate`), and their style sheets:
   web/trace_viewer.html and web/trace_viewer.css (`--trace`), web/snapshot_diff.html and
   web/snapshot_diff.css (a `snapshot_svg` mismatch's diff.html). */
const char *tt_script_trace_viewer_page(size_t *size);
const char *tt_script_trace_viewer_style(size_t *size);
const char *tt_script_snapshot_diff_page(size_t *size);
const char *tt_script_snapshot_diff_style(size_t *size);

/* The playground (`tantan-host play`): play_scenario.lua, the helpers every recorded scenario
   starts with; web/play.html, the page, into which the server inlines web/play.css and
   js/play.js (the page's behaviour). */
const char *tt_script_play_scenario(size_t *size);
const char *tt_script_play_page(size_t *size);
const char *tt_script_play_style(size_t *size);
const char *tt_script_play_script(size_t *size);

#endif
