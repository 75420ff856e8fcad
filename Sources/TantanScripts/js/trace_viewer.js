// The trace viewer's behaviour (TraceViewer.swift writes the page around it). On success it sets
// data-ready="1" on <body> and the title "tantan trace: ..."; any script error sets data-error
// and a visible notice (the browser test reads both). #step=N (1-based) selects a step, and the
// URL follows the selection. The page inlines this file; its sourceURL (last line) names it, so
// an error's position is this file's line.
(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function fail(message) {
    document.body.setAttribute("data-error", String(message));
    document.title = "trace error: " + message;
    var n = $("notice");
    if (n) { n.hidden = false; n.className = "notice bad"; n.textContent = "The trace viewer failed: " + message; }
  }
  // Where the error was: this file's line from the stack (the page's line otherwise).
  window.onerror = function (msg, src, line, col, error) {
    var at = error && error.stack && /[^\s(]*trace_viewer\.js:\d+:\d+/.exec(String(error.stack));
    fail(msg + (at ? " (at " + at[0] + ")" : " (line " + line + ":" + col + ")"));
  };
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  var data;
  try { data = JSON.parse($("trace-data").textContent); } catch (e) { fail("cannot read the trace data: " + e.message); return; }
  var steps = data.steps || [];
  var items = [];
  var current = -1;
  var timer = null;
  var slider = $("slider");

  $("run-title").textContent = data.title;
  var badge = $("run-status");
  badge.textContent = data.status;
  badge.className = "badge " + (data.status === "passed" || data.status === "ok" ? "ok" : "bad");
  (data.meta || []).forEach(function (kv) { $("run-meta").appendChild(el("span", null, kv[0] + " " + kv[1])); });
  var notes = [];
  if (data.omittedSteps > 0) notes.push(data.omittedSteps + " steps in the middle of the run were not kept (trace size limit).");
  if (data.omittedFrames > 0) notes.push(data.omittedFrames + " frames were not kept (trace size limit).");
  if (notes.length) { $("notice").hidden = false; $("notice").textContent = notes.join(" "); }
  $("step-count").textContent = "(" + steps.length + ")";
  slider.max = String(Math.max(steps.length, 1));

  var list = $("steps");
  steps.forEach(function (s, i) {
    var li = el("li", "step kind-" + s.kind);
    li.setAttribute("data-index", String(i + 1));
    if (s.kind === "gap") {
      li.textContent = "\u2026 " + s.count + " steps not kept \u2026";
    } else {
      li.appendChild(el("span", "n", i + 1));
      li.appendChild(el("span", "title", s.title));
      li.appendChild(el("span", "t", s.time + " s"));
      li.appendChild(el("span", "pos", s.file ? s.file + (s.line ? ":" + s.line : "") : ""));
      li.title = s.title;
    }
    li.addEventListener("click", function () { stop(); show(i); });
    list.appendChild(li);
    items.push(li);
  });

  function renderFrames(s) {
    var box = $("frames");
    box.textContent = "";
    var ids = [];
    var shots = s.shots || [];
    if (!shots.length) box.appendChild(el("div", "empty", s.kind === "gap" ? "Steps not kept." : "No component to draw at this step."));
    shots.forEach(function (shot) {
      var comp = data.components[shot[0]] || { label: "?", "class": "?" };
      var fig = el("figure", "frame");
      fig.setAttribute("data-component", comp.label);
      fig.setAttribute("data-frame", shot[1] === null ? "none" : String(shot[1]));
      var pic = el("div", "picture");
      if (shot[1] === null) pic.appendChild(el("div", "missing", "No drawing: the component cannot be drawn or the trace size limit was reached."));
      else pic.innerHTML = data.frames[shot[1]];
      var cap = el("figcaption");
      cap.appendChild(el("b", null, comp.label));
      cap.appendChild(el("span", "state", shot[2]));
      fig.appendChild(pic);
      fig.appendChild(cap);
      box.appendChild(fig);
      ids.push(shot[1] === null ? "none" : shot[1]);
    });
    box.setAttribute("data-frames", ids.join(","));
  }

  function renderSource(s) {
    var box = $("source");
    box.textContent = "";
    $("source-pos").textContent = s.file ? s.file + (s.line ? ":" + s.line : "") : "";
    var lines = s.path && data.sources[s.path];
    if (!lines || !s.line || lines[s.line] === undefined) {
      box.appendChild(el("div", "none", s.file ? "(no source text for " + s.file + ")" : "(no source position)"));
      return;
    }
    for (var l = s.line - 2; l <= s.line + 2; l++) {
      if (lines[l] === undefined) continue;
      var row = el("span", "ln" + (l === s.line ? " here" : ""));
      row.appendChild(el("b", null, l));
      row.appendChild(document.createTextNode(lines[l]));
      box.appendChild(row);
    }
  }

  function renderEvents(s) {
    var box = $("events");
    box.textContent = "";
    var events = s.events || [];
    $("event-count").textContent = "(" + events.length + ")";
    events.forEach(function (e) {
      var li = el("li", e[0] === "call" ? "call" : null);
      li.appendChild(el("span", "tag", e[0]));
      li.appendChild(document.createTextNode(e[1]));
      box.appendChild(li);
    });
    if (s.droppedEvents) box.appendChild(el("li", "none", "\u2026 " + s.droppedEvents + " more events not kept"));
    if (!events.length && !s.droppedEvents) box.appendChild(el("li", "none", "No events."));
    var err = $("error");
    err.hidden = !s.error;
    err.textContent = s.error || "";
  }

  function show(i) {
    if (!steps.length) return;
    i = Math.max(0, Math.min(steps.length - 1, i));
    if (i === current) return;
    if (current >= 0) items[current].classList.remove("current");
    current = i;
    var s = steps[i];
    items[i].classList.add("current");
    if (items[i].scrollIntoView) items[i].scrollIntoView({ block: "nearest" });
    $("app").setAttribute("data-step", String(i + 1));
    slider.value = String(i + 1);
    $("position").textContent = "step " + (i + 1) + " / " + steps.length + (s.time !== undefined ? "  \u00b7  t = " + s.time + " s" : "");
    $("step-title").textContent = s.kind === "gap" ? s.count + " steps not kept" : s.title;
    renderFrames(s);
    renderSource(s);
    renderEvents(s);
    try { history.replaceState(null, "", "#step=" + (i + 1)); } catch (e) { /* file: URLs may refuse */ }
  }

  // The play icon is the one the page starts with; the pause icon is drawn here.
  var playIcon = $("play").innerHTML;
  var pauseIcon = '<svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">'
    + '<path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor"/></svg>';
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    $("play").classList.remove("playing");
    $("play").innerHTML = playIcon;
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (current >= steps.length - 1) show(0);
    $("play").classList.add("playing");
    $("play").innerHTML = pauseIcon;
    timer = setInterval(function () { if (current >= steps.length - 1) stop(); else show(current + 1); }, 700);
  }

  $("first").addEventListener("click", function () { stop(); show(0); });
  $("prev").addEventListener("click", function () { stop(); show(current - 1); });
  $("next").addEventListener("click", function () { stop(); show(current + 1); });
  $("last").addEventListener("click", function () { stop(); show(steps.length - 1); });
  $("play").addEventListener("click", play);
  slider.addEventListener("input", function () { stop(); show(Number(slider.value) - 1); });
  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    if (k === "ArrowRight" || k === "ArrowDown" || k === "j") { stop(); show(current + 1); }
    else if (k === "ArrowLeft" || k === "ArrowUp" || k === "k") { stop(); show(current - 1); }
    else if (k === "Home") { stop(); show(0); }
    else if (k === "End") { stop(); show(steps.length - 1); }
    else if (k === " ") play();
    else return;
    e.preventDefault();
  });

  function fromHash() {
    var m = /^#step=(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) - 1 : null;
  }
  window.addEventListener("hashchange", function () { var i = fromHash(); if (i !== null) { stop(); show(i); } });
  var start = fromHash();
  if (start === null) start = data.status === "passed" || data.status === "ok" ? 0 : steps.length - 1;
  show(start);
  document.title = "tantan trace: " + data.title + " (" + steps.length + " steps)";
  document.body.setAttribute("data-ready", "1");
})();
//# sourceURL=[tantan]/trace_viewer.js
