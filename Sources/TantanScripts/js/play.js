// The playground page (tantan-host play): draws the components the server sends, turns the mouse
// into pointer messages, builds the config panel from the schema rows it is given, lists events,
// shows errors and the recorded scenario. Everything from the server is shown as text except the
// SVG pictures, which the host's own renderer made (view-model text escaped there).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const token = new URLSearchParams(location.search).get("token") || "";
  const pictures = new Map(); // label -> {lines: string[], box: element}
  const state = { paused: false, recording: false, components: [], firstLabel: null };
  let socket = null;

  window.addEventListener("error", (e) => {
    document.body.dataset.error = e.message + (e.lineno ? ` (at ${e.filename}:${e.lineno})` : "");
  });

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === "text") e.textContent = v;
      else if (k.startsWith("data-") || k === "title" || k === "type" || k === "for") e.setAttribute(k, v);
      else e[k] = v;
    }
    for (const c of children) if (c) e.append(c);
    return e;
  }

  // MARK: connection

  function connect() {
    socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.onopen = () => { $("connection").textContent = "connected"; $("connection").className = "open"; };
    socket.onclose = () => {
      $("connection").textContent = "disconnected (the server stopped?)";
      $("connection").className = "";
      document.body.dataset.connected = "0";
    };
    socket.onmessage = (e) => receive(JSON.parse(e.data));
  }

  function receive(m) {
    switch (m.type) {
      case "hello": hello(m); break;
      case "status": status(m); break;
      case "frame": frame(m); break;
      case "events": events(m); break;
      case "error": showError(m.error); break;
      case "config": configReply(m); break;
      case "scenario": scenario(m); break;
      case "refused": $("refused").hidden = false; $("refused").textContent = "refused: " + m.reason; break;
    }
  }

  // MARK: components

  function hello(m) {
    $("script").textContent = `${m.script} (seed ${m.seed})`;
    state.components = m.components;
    state.firstLabel = m.components.length ? m.components[0].label : null;
    const stage = $("stage");
    stage.replaceChildren();
    pictures.clear();
    for (const c of m.components) {
      const box = el("div", { className: "picture", "data-testid": `picture-${c.label}` });
      const buttons = el("div", { className: "buttons" });
      for (const b of c.buttons) {
        const button = el("button", { text: b.title, "data-testid": `button-${c.label}-${b.name}` });
        button.onclick = () => send({ type: "button", component: c.label, name: b.name });
        buttons.append(button);
      }
      stage.append(el("div", { className: "component", "data-testid": `component-${c.label}` },
        el("h3", { text: `${c.label}` }), box, buttons));
      pictures.set(c.label, { lines: [], box: box });
      attachPointer(c.label, box);
    }
    if (!m.components.length) stage.append(el("p", { text: "The script made no deck, grid or list (yet)." }));
    buildControls(m.components);
    document.body.dataset.ready = "1";
    document.body.dataset.connected = "1";
  }

  function frame(m) {
    $("time").textContent = Number(m.time).toFixed(3);
    for (const [label, change] of Object.entries(m.pictures)) {
      const p = pictures.get(label);
      if (!p) continue;
      if (change === null) { p.box.replaceChildren(); p.lines = []; continue; }
      if (change.svg !== undefined) p.lines = change.svg.split("\n");
      else p.lines.splice(change.at, change.remove, ...(change.lines ? change.insert.split("\n") : []));
      p.box.innerHTML = p.lines.join("\n");
    }
  }

  // A point of the pointer in the picture's own units (its SVG user space).
  function svgPoint(box, e) {
    const svg = box.querySelector("svg");
    if (!svg) return null;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y, height: svg.viewBox.baseVal.height, scale: m.a };
  }

  function attachPointer(label, box) {
    let trail = []; // recent {t, x, y} for the velocity at release
    let down = false;
    function message(phase, e) {
      const p = svgPoint(box, e);
      if (!p) return;
      const now = performance.now();
      trail.push({ t: now, x: p.x, y: p.y });
      trail = trail.filter((s) => now - s.t <= 100);
      let vx = 0, vy = 0;
      if (phase === "up" && trail.length > 1) {
        const a = trail[0], b = trail[trail.length - 1];
        const dt = (b.t - a.t) / 1000;
        if (dt > 0) { vx = (b.x - a.x) / dt; vy = (b.y - a.y) / dt; }
      }
      send({ type: "pointer", component: label, phase, x: p.x, y: p.y, vx, vy, height: p.height });
    }
    box.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      down = true;
      trail = [];
      box.setPointerCapture(e.pointerId);
      message("down", e);
      e.preventDefault();
    });
    box.addEventListener("pointermove", (e) => { if (down) message("move", e); });
    box.addEventListener("pointerup", (e) => { if (down) { down = false; message("up", e); } });
    box.addEventListener("pointercancel", (e) => { if (down) { down = false; message("cancel", e); } });
    box.addEventListener("wheel", (e) => {
      const p = svgPoint(box, e);
      const scale = p && p.scale ? p.scale : 1;
      send({ type: "wheel", component: label, dy: e.deltaY / scale });
      e.preventDefault();
    }, { passive: false });
  }

  // MARK: config panel

  function testid(label, key) {
    return label === state.firstLabel ? `config-${key}` : `config-${label}.${key}`;
  }

  function buildControls(components) {
    const root = $("controls");
    root.replaceChildren();
    for (const c of components) {
      root.append(el("h4", { text: c.label }));
      for (const row of c.controls) root.append(control(c.label, row));
    }
  }

  function control(label, row) {
    const set = (value) => send({ type: "config", component: label, key: row.key, value });
    const id = testid(label, row.key);
    const name = el("label", { text: row.key, title: `${row.doc} Default ${row.default}.`, className: row.set ? "set" : "" });
    const wrap = el("div", { className: "control", "data-key": row.key, "data-component": label }, name);
    if (row.kind === "number" || row.kind === "integer") {
      const slider = el("input", { type: "range", min: row.min, max: row.max, step: row.step, "data-testid": `${id}-slider` });
      const box = el("input", { type: "number", step: row.kind === "integer" ? 1 : "any", "data-testid": id });
      box.placeholder = row.default;
      if (row.value !== null) { slider.value = row.value; box.value = row.value; }
      slider.oninput = () => { box.value = slider.value; };
      slider.onchange = () => set(Number(slider.value));
      box.onchange = () => set(box.value === "" ? null : Number(box.value));
      wrap.append(slider, box);
    } else if (row.kind === "boolean") {
      const box = el("input", { type: "checkbox", "data-testid": id, className: "wide" });
      box.checked = row.value === true;
      box.onchange = () => set(box.checked);
      wrap.append(box);
    } else if (row.kind === "option") {
      const select = el("select", { "data-testid": id, className: "wide" });
      for (const o of row.options) select.append(el("option", { value: o, text: o }));
      if (row.value !== null) select.value = row.value;
      select.onchange = () => set(select.value);
      wrap.append(select);
    } else {
      const box = el("input", { type: "text", "data-testid": id, className: "wide" });
      box.placeholder = row.default;
      if (row.value !== null) box.value = row.value;
      box.onchange = () => set(box.value === "" ? null : box.value);
      wrap.append(box);
    }
    return wrap;
  }

  function configReply(m) {
    const wrap = document.querySelector(`.control[data-key="${CSS.escape(m.key)}"][data-component="${CSS.escape(m.component)}"]`);
    if (!wrap) return;
    const old = wrap.querySelector(".control-error");
    if (old) old.remove();
    if (m.error) wrap.append(el("div", { className: "control-error", "data-testid": "config-error", text: m.error }));
  }

  // MARK: events

  function events(m) {
    const list = $("events");
    const moment = new Map([...pictures].map(([label, p]) => [label, p.lines.join("\n")]));
    for (const e of m.items) {
      const li = el("li", { title: "Show the picture at that moment" },
        el("span", { className: "t", text: Number(e.time).toFixed(3) }), el("span", { className: "c", text: e.label }),
        el("span", { text: e.text }));
      li.onclick = () => showMoment(li, moment, e);
      list.append(li);
    }
    if (m.dropped) list.append(el("li", { text: `... ${m.dropped} more events not shown` }));
    while (list.children.length > 2000) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
  }

  function showMoment(li, moment, e) {
    for (const other of document.querySelectorAll("#events li.picked")) other.classList.remove("picked");
    li.classList.add("picked");
    const box = $("moment");
    box.hidden = false;
    box.dataset.time = e.time;
    box.innerHTML = moment.get(e.label) || "";
  }

  // MARK: errors, status, recording

  function showError(error) {
    const box = $("error");
    box.hidden = !error;
    document.body.dataset.failed = error ? "1" : "0";
    if (!error) return;
    $("error-message").textContent = error.message;
    $("error-traceback").textContent = error.traceback || "";
    const source = $("error-source");
    source.replaceChildren();
    for (const l of error.source || []) {
      const li = el("li", { text: l.text, "data-n": l.n });
      if (l.n === error.line) { li.className = "hit"; li.dataset.testid = "error-line"; }
      source.append(li);
    }
    source.dataset.file = error.file || "";
  }

  function status(m) {
    state.paused = m.paused;
    state.recording = m.recording;
    $("pause").textContent = m.paused ? "Run" : "Pause";
    $("pause").classList.toggle("on", m.paused);
    $("record").textContent = m.recording ? "Stop recording" : "Record";
    $("record").classList.toggle("on", m.recording);
    $("speed").value = m.speed;
    $("speed-value").textContent = `${m.speed}x`;
    $("time").textContent = Number(m.time).toFixed(3);
    document.body.dataset.recording = m.recording ? "1" : "0";
  }

  function scenario(m) {
    $("recording").hidden = false;
    $("scenario").value = m.text;
    const link = $("download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([m.text], { type: "text/x-lua" }));
    link.download = m.name;
  }

  $("pause").onclick = () => send({ type: "pause", paused: !state.paused });
  $("step").onclick = () => send({ type: "step" });
  $("speed").onchange = () => send({ type: "speed", speed: Number($("speed").value) });
  $("speed").oninput = () => { $("speed-value").textContent = `${$("speed").value}x`; };
  $("record").onclick = () => send({ type: "record", on: !state.recording });
  $("restart").onclick = () => send({ type: "restart" });
  $("clear-events").onclick = () => { $("events").replaceChildren(); $("moment").hidden = true; };
  $("copy").onclick = () => { navigator.clipboard.writeText($("scenario").value).catch(() => {}); };
  connect();
})();
//# sourceURL=[tantan]/play.js
